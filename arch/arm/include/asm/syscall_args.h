/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of ARM's own system calls, and of the calls it names
 * otherwise than the generic list (stage3-dynamic/syscall_args.h, whose
 * comment says how the two are used): an X-macro list of SC(name,
 * "param", ...), as the kernel's definitions name them.
 */
/*
 * fadvise64_64 and sync_file_range with their 64-bit parameters after
 * the 32-bit ones, so that each register pair starts even (the EABI's
 * rule) with no padding register before it: ARM's own
 * arm_fadvise64_64, and the kernel's sync_file_range2, its generic form
 * for such ABIs, which ARM's header numbers as arm_sync_file_range
 */
SC(arm_fadvise64_64, "fd", "advice", "offset", "len")
SC(arm_sync_file_range, "fd", "flags", "offset", "nbytes")
/* the kernel's OLD_SIGSUSPEND3 form: the mask is the third */
SC(sigsuspend, "unused1", "unused2", "mask")
