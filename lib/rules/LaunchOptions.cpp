#include "rules/LaunchOptions.h"

namespace btlint {

const std::set<std::string> &launchOptionNames() {
  static const std::set<std::string> names = {
      // CUDAOptions and HIPOptions (Triton 3.6.0).
      "num_warps", "num_stages", "num_ctas", "maxnreg", "warp_size", "enable_fp_fusion", "enable_reflect_ftz",
      "launch_cooperative_grid", "launch_pdl", "ptx_version", "ptx_options", "ir_override", "debug",
      "sanitize_overflow", "extern_libs", "arch", "backend_name", "supported_fp8_dtypes",
      "deprecated_fp8_dot_operand_dtypes", "default_dot_input_precision", "allowed_dot_input_precisions",
      "instrumentation_mode", "max_num_imprecise_acc_default", "waves_per_eu", "matrix_instr_nonkdim", "kpack",
      "schedule_hint", "allow_flush_denorm",
      // Earlier releases and forks.
      "cluster_dims", "num_buffers_warp_spec", "num_consumer_groups", "reg_dec_producer", "reg_inc_consumer",
      // The launcher's own.
      "stream", "warmup", "grid"};
  return names;
}

} // namespace btlint
