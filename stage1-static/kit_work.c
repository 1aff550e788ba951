// SPDX-License-Identifier: GPL-2.0
/*
 * The kit at work on the program's thread (linux/hardirq.h): its own
 * system calls and mask changes there are the tracer's, not the
 * program's, and no event shows them (ftrace_kit_work); a system-call
 * probe runs (ftrace_in_probe).  Defined apart from the signal entry
 * (irq_entry.c), which sets both aside around the program's handlers,
 * since everything the kit does for itself uses them.
 */
#include <linux/hardirq.h>

__thread unsigned int ftrace_kit_work;
__thread unsigned int ftrace_in_probe;
