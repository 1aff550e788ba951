/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Modules (chapter 4, "Modules"): user space's modules are the shared
 * libraries a program loads, at start-up or with dlopen().
 *
 * The kernel's module loader finds a module's __mcount_loc section and
 * calls ftrace_module_init(mod) before the module's code runs, and
 * ftrace_release_mod(mod) when it goes.  The dynamic loader knows nothing
 * of ftrace, so each traced library carries a small object of its own
 * (stage3-dynamic/module_ctor.c, linked into it by ftrace-cc -shared)
 * whose constructor and destructor make those two calls with the
 * library's struct module.  The executable exports both (and mcount):
 * a library loaded by a program without the kit finds neither, and its
 * constructor does nothing.
 *
 * The first fields are the library's (filled when it is linked, read-only
 * to the runtime except ftrace_plt_target); the rest are the runtime's.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

/* bumped when the layout changes: a library built by another kit says so */
#define FTRACE_MODULE_ABI	1

struct module {
	unsigned int	abi;			/* FTRACE_MODULE_ABI */
	/* the library's __mcount_loc table (chapter 3) */
	unsigned long	*ftrace_callsites;
	unsigned long	*ftrace_callsites_end;
	/*
	 * The module PLT: code inside the library, so within reach of its
	 * sites' calls, that jumps to *ftrace_plt_target (0: the arch
	 * reaches ftrace_caller without one; asm/ftrace.h says).  The
	 * runtime stores FTRACE_ADDR there before any site calls it.
	 */
	unsigned long	ftrace_plt;
	unsigned long	*ftrace_plt_target;

	/* the runtime's, from ftrace_module_init() on */
	const char	*name;		/* "libfoo" (libfoo.so.1), as :mod: */
	char		name_buf[64];
	const char	*path;		/* the file, as the loader opened it */
	unsigned long	base;		/* load bias (dlpi_addr) */
	unsigned long	text_start, text_end;	/* executable segments */
	unsigned int	num_ftrace_callsites;	/* records it got */
	struct module	*next;
};

/* The executable's side, both under ftrace_lock. */
void ftrace_module_init(struct module *mod);
void ftrace_release_mod(struct module *mod);

/*
 * Say which loaded libraries call mcount without records (built with
 * -pg, not ftrace-cc): at boot, and after dlopen() (stage 1's hook).
 */
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_report_unrecorded_mods(void);
#else
static inline void ftrace_report_unrecorded_mods(void)
{
}
#endif

/* The loaded module whose code holds ip, or NULL (the program). */
struct module *ftrace_module_of(unsigned long ip);

/*
 * The library's side: its module PLT and the word that PLT jumps through
 * (arch/<arch>/module_plt.S; weak, so both are 0 on an arch without one),
 * each library's own.
 */
extern const char ftrace_mod_plt[]
	__attribute__((weak, visibility("hidden")));
extern unsigned long ftrace_mod_plt_target
	__attribute__((weak, visibility("hidden")));

#endif
