/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXERCISE(6): how @ARCH@ code changes while it runs
 * (linux/text_patching.h, docs/04-dynamic-ftrace.md, "Three ways to change
 * code that is running"): say which of stop_machine, breakpoint or one
 * aligned store the arch's sites allow, and why (the architecture
 * manual's rule on concurrent modification).
 */
#include <asm-generic/text-patching.h>
