/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 module PLT: linked into every traced shared library
 * (linux/module.h), built without -pg.
 *
 * A library is mapped far from the program: from its sites, ftrace_caller
 * is beyond "call rel32"'s +-2 GB.  An enabled site calls this instead,
 * which is in the library's own text, so within reach:
 *
 *	<func>:	...
 *		67 e8 <rel32>	addr32 call ftrace_mod_plt
 *	ftrace_mod_plt:
 *		ff 25 <disp32>	jmp *ftrace_mod_plt_target(%rip)
 *
 * A jump, not a call: ftrace_caller finds on the stack exactly what the
 * site's call pushed (the return into func), as if called directly.  The
 * target is a word of the library's data, below, that ftrace_module_init()
 * fills with ftrace_caller's address before any site is enabled: the
 * kernel's module PLT entries hold it as an immediate, which would need
 * writable text here.
 */
	.text
	.globl	ftrace_mod_plt
	.hidden	ftrace_mod_plt
	.type	ftrace_mod_plt, @function
ftrace_mod_plt:
	jmp	*ftrace_mod_plt_target(%rip)
	.size	ftrace_mod_plt, .-ftrace_mod_plt

	.bss
	.balign	8
	.globl	ftrace_mod_plt_target
	.hidden	ftrace_mod_plt_target
	.type	ftrace_mod_plt_target, @object
ftrace_mod_plt_target:
	.zero	8
	.size	ftrace_mod_plt_target, 8

	.section .note.GNU-stack, "", @progbits
