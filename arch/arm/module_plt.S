/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM module PLT: linked into every traced shared library
 * (linux/module.h), built without -pg.
 *
 * A library is mapped far from the program: from its sites, ftrace_caller
 * is beyond bl's +-32 MB.  An enabled site calls this instead, which is
 * in the library's own text, so within reach:
 *
 *	<func>:	...
 *		mov	ip, lr		(the disabled site's first word)
 *		bl	ftrace_mod_plt
 *
 * ftrace_caller wants what the site's bl gave it: lr = the return into
 * func, ip = func's own return address, sp as func has it.  So neither ip
 * (the kernel's module PLT entry clobbers it: "ldr pc, [pc, #-4]" with
 * the address inline needs writable text here) nor lr may change: the
 * target is fetched through r0, which is saved in a word below sp and
 * given back by the same instruction that jumps:
 *
 *	sp on entry  ->	(the caller's)
 *	sp - 4		the target: ftrace_mod_plt_target (below, in
 *			the library's data), which ftrace_module_init()
 *			fills with ftrace_caller
 *	sp - 8		r0
 *
 * "pop {r0, pc}" restores r0, jumps, and leaves sp as it was on entry.
 * The words are stored below sp only after sp has moved over them, so a
 * signal taken on the way cannot overwrite them.
 */
	.arm
	.text
	.globl	ftrace_mod_plt
	.hidden	ftrace_mod_plt
	.type	ftrace_mod_plt, %function
ftrace_mod_plt:
	sub	sp, sp, #4		@ the target's word
	push	{r0}
	ldr	r0, 1f
0:	add	r0, pc, r0		@ pc reads as 0b + 8
	ldr	r0, [r0]
	str	r0, [sp, #4]
	pop	{r0, pc}		@ ARM code: no interworking needed
1:	.word	ftrace_mod_plt_target - (0b + 8)
	.size	ftrace_mod_plt, .-ftrace_mod_plt

	.bss
	.balign	4
	.globl	ftrace_mod_plt_target
	.hidden	ftrace_mod_plt_target
	.type	ftrace_mod_plt_target, %object
ftrace_mod_plt_target:				@ the library's own
	.zero	4
	.size	ftrace_mod_plt_target, 4

	.section .note.GNU-stack, "", %progbits
