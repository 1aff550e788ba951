/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of MIPS o32's own system calls, and of the calls it
 * names otherwise than the generic list (stage3-dynamic/syscall_args.h,
 * whose comment says how the two are used): an X-macro list of SC(name,
 * "param", ...), as the kernel's definitions under arch/mips name them.
 */
SC(cachectl, "addr", "nbytes", "op")
SC(cacheflush, "addr", "bytes", "cache")
SC(mmap, "addr", "len", "prot", "flags", "fd", "offset")
SC(set_thread_area, "addr")
SC(sigsuspend, "uset")
SC(sysmips, "cmd", "arg1", "arg2")
/*
 * pipe takes no parameter here: both descriptors come back in registers
 * (v0, v1).  The C library makes pipe2 instead.
 */
SC(pipe)
