e_tr,
f, t, M, *rest = hor
