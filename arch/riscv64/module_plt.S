/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 module PLT: linked into every traced shared library
 * (linux/module.h), built without -pg.
 *
 * A library is mapped far from the program: from its sites, ftrace_caller
 * may be beyond the "auipc ra; jalr ra" pair's +-2 GB.  The start-up
 * conversion then points the site's pair at this instead, which is in
 * the library's own text, so within reach:
 *
 *	<func>:	...
 *		auipc	ra, hi(ftrace_mod_plt)
 *		jalr	ra, lo(ra)		(the hint while disabled)
 *
 * ftrace_caller wants what the site's call gave it: ra = the return
 * into func, a0 = func's own return address, a1-a7 its arguments, sp and
 * s0 as func has them.  t0 is free: gcc's call clobbers every temporary,
 * and the linker's own PLT stubs use t1-t3 on any call.  The target is a
 * word of the library's data, below, that ftrace_module_init() fills
 * with ftrace_caller's address before any site is enabled: an immediate
 * in the code would need writable text.
 *
 * Chapter 8's site links through t0 instead ("auipc t0; jalr t0", before
 * func's prologue: arch/riscv64/entry.S), and t0 is what ftrace_caller
 * returns through, so this goes through t1, free there too (the call
 * into func clobbered every temporary; t2 alone may be an argument, a
 * nested function's static chain).
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#define PLT_TMP	t1
#else
#define PLT_TMP	t0
#endif
	.option	norvc
	.text
	.globl	ftrace_mod_plt
	.hidden	ftrace_mod_plt
	.type	ftrace_mod_plt, %function
	.balign	4
ftrace_mod_plt:
1:	auipc	PLT_TMP, %pcrel_hi(ftrace_mod_plt_target)
	ld	PLT_TMP, %pcrel_lo(1b)(PLT_TMP)
	jr	PLT_TMP			# a jump: the link register is kept
	.size	ftrace_mod_plt, .-ftrace_mod_plt

	.bss
	.balign	8
	.globl	ftrace_mod_plt_target
	.hidden	ftrace_mod_plt_target
	.type	ftrace_mod_plt_target, %object
ftrace_mod_plt_target:
	.zero	8
	.size	ftrace_mod_plt_target, 8

	.section .note.GNU-stack, "", %progbits
