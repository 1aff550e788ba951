/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_FTRACE_H
#define _ASM_X86_64_FTRACE_H

/*
 * gcc -pg -fno-pie calls mcount with "e8 <rel32>": selfpc (the call site,
 * what the trace names) is the return address minus these 5 bytes.
 */
#define MCOUNT_INSN_SIZE	5

/* The DWARF column of the return address (%rip), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	16

#endif
