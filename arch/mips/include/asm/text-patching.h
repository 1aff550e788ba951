/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How MIPS code changes while it runs (chapter 4, linux/text_patching.h).
 * After the start-up conversion every site changes one aligned word at a
 * time (arch/mips/ftrace.c): no thread needs to stop, as the kernel's
 * MIPS arch_ftrace_update_code() runs without stop_machine().
 */
#include <asm-generic/text-patching.h>
