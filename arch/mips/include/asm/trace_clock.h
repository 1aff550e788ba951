/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS trace clock: the generic CLOCK_MONOTONIC one.  The CP0 count
 * register is privileged (rdhwr $2 may trap to the kernel), so user space
 * has nothing cheaper that qemu-user also provides.
 */
#include <asm-generic/trace_clock.h>
