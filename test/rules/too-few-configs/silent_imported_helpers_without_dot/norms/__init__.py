from norms.reductions import mean_square
