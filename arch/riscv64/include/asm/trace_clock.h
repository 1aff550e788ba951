/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 trace clock: the generic CLOCK_MONOTONIC one.  The "time"
 * CSR (rdtime) would be cheaper, but its frequency is only known from the
 * device tree, which user space cannot read portably; the generic clock
 * is the one with known units.
 */
#include <asm-generic/trace_clock.h>
