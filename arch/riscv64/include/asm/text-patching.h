/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How riscv64 code changes while it runs (chapter 4,
 * linux/text_patching.h).  After the start-up conversion a site changes
 * in one aligned word store in which only the low halfword of the jalr
 * differs (arch/riscv64/ftrace.c): a hart that fetches the instruction
 * while it is rewritten sees the old parcel or the new one, and either
 * makes a whole, valid instruction with the unchanged high halfword.
 */
#include <asm-generic/text-patching.h>
