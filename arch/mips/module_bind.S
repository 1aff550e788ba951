/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS: linked into every traced shared library (linux/module.h), at
 * every stage.
 *
 * A library's site calls _mcount through its GOT ("lw t9,%call16(_mcount)
 * (gp); jalr t9", asm/ftrace.h).  When a library only ever calls a
 * function, ld gives it a lazy-binding stub: the GOT entry first points
 * at code that enters the dynamic loader, which finds the function and
 * then jumps to it.  That path keeps the argument registers and at, not
 * t4, which _mcount reads as the address of the saved ra
 * (-mmcount-ra-address, arch/mips/ftrace.c).  A reference to _mcount as
 * data makes the loader fill the entry when the library loads, so no
 * site ever takes that path.  (A library built with plain gcc -pg has
 * no such word; prepare_ftrace_return() checks t4 before trusting it.)
 */
	.section .data.rel.ro, "aw"
	.balign	4
	.hidden	ftrace_mcount_bind
	.type	ftrace_mcount_bind, @object
ftrace_mcount_bind:
	.word	_mcount
	.size	ftrace_mcount_bind, 4

	.section .note.GNU-stack, "", @progbits
