// SPDX-License-Identifier: GPL-2.0
/*
 * Linked into every traced shared library (ftrace-cc -shared, the
 * Makefile's TRACE_SO_LIBS), built without -pg: what the kernel's module
 * loader does for a module, done by the library for itself
 * (linux/module.h).  Everything here is hidden (-fvisibility=hidden):
 * each library has its own copy and finds its own table.
 */
#include <linux/ftrace.h>
#include <linux/module.h>

/*
 * The library's __mcount_loc table (recordmcount): ld defines the bounds
 * in each library that has the section; hidden, so that the program's own
 * bounds of the same name are never taken for them.
 */
extern unsigned long __start___mcount_loc[]
	__attribute__((weak, visibility("hidden")));
extern unsigned long __stop___mcount_loc[]
	__attribute__((weak, visibility("hidden")));

/*
 * The executable's (linux/module.h), found by the dynamic linker: weak,
 * as a program without the kit has neither.
 */
#pragma weak ftrace_module_init
#pragma weak ftrace_release_mod

static struct module this_module = {
	.abi			= FTRACE_MODULE_ABI,
	.ftrace_callsites	= __start___mcount_loc,
	.ftrace_callsites_end	= __stop___mcount_loc,
	.ftrace_plt		= (unsigned long)ftrace_mod_plt,
	.ftrace_plt_target	= &ftrace_mod_plt_target,
};

/*
 * First of the library's constructors (and its destructor last): no code
 * of the library has run when its sites are converted, and all of it has
 * finished when its records go.  Priority 100, the last of those kept
 * for the implementation (linux/init.h), runs before a constructor of
 * the library's own priority 101 and after its destructor.
 */
static __attribute__((constructor(100))) void ftrace_mod_load(void)
{
	if (ftrace_module_init)
		ftrace_module_init(&this_module);
}

static __attribute__((destructor(100))) void ftrace_mod_unload(void)
{
	if (ftrace_release_mod)
		ftrace_release_mod(&this_module);
}
