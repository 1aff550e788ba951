/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 module PLT: linked into every traced shared library
 * (linux/module.h), built without -pg.
 *
 * A library is mapped far from the program: from its sites, ftrace_caller
 * is beyond bl's +-128 MB.  An enabled site calls this instead, which is
 * in the library's own text, so within reach:
 *
 *	<func>:	...
 *		mov	x0, x30
 *		bl	ftrace_mod_plt
 *
 * ftrace_caller wants what the site's bl gave it: x30 = the return into
 * func, x0 = frompc, sp and x29 as func has them.  x16 and x17 are the
 * registers the procedure call standard gives to exactly this (veneers
 * and PLT entries between a bl and its target may clobber them, so no
 * caller keeps anything there): the target is loaded into x16 from
 * ftrace_mod_plt_target, a word of the library's data that
 * ftrace_module_init() fills with ftrace_caller before any site is
 * enabled (the kernel's module PLT entries hold the address in the
 * instructions, which would need writable text here).  A "br", not a
 * "blr": x30 stays the return into func.
 */
	.text
	.globl	ftrace_mod_plt
	.hidden	ftrace_mod_plt
	.type	ftrace_mod_plt, %function
	.balign	4
ftrace_mod_plt:
	adrp	x16, ftrace_mod_plt_target
	ldr	x16, [x16, #:lo12:ftrace_mod_plt_target]
	br	x16
	.size	ftrace_mod_plt, .-ftrace_mod_plt

	.bss
	.balign	8
	.globl	ftrace_mod_plt_target
	.hidden	ftrace_mod_plt_target
	.type	ftrace_mod_plt_target, %object
ftrace_mod_plt_target:				// the library's own
	.zero	8
	.size	ftrace_mod_plt_target, 8

	.section .note.GNU-stack, "", %progbits
