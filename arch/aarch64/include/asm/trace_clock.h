/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 trace clock: the generic CLOCK_MONOTONIC one.  The virtual
 * counter (CNTVCT_EL0) is readable at EL0, but the kit keeps one clock for
 * every arch run under qemu-user; the generic one is already exact enough
 * for the trace, and needs no frequency calibration.
 */
#include <asm-generic/trace_clock.h>
