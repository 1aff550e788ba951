/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM trace clock: the generic CLOCK_MONOTONIC one.  The cycle
 * counter (PMCCNTR) is normally not readable from user mode, so the
 * generic clock is the only portable choice.
 */
#include <asm-generic/trace_clock.h>
