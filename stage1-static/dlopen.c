// SPDX-License-Identifier: GPL-2.0
/*
 * Objects that come and go while the program runs: the program's own
 * dlopen() and dlclose() calls reach these first (ld --wrap, the Kbuild's
 * wrap-y), at every stage.
 *
 * dlopen(): the spool of a process that dies while the library is loaded
 * must still name its functions, so the library joins the spool's list of
 * objects (linux/trace_spool.h).  dlclose(): a library about to go is read
 * for names first (linux/kallsyms.h), so that the trace written after it
 * has gone still names its functions.  After either, kallsyms notes what
 * came and went, and when: an object loaded later where another was is
 * named as itself for the events it recorded, and the other for its own;
 * and the system-call traps forget the objects that went.  With system-call events, the
 * objects it brought get their traps (trace/syscall.h).  At stages 3 and
 * 4 a traced library's own ftrace_module_init()/ftrace_release_mod() do
 * the same, also for a library that another library loads, and a -pg
 * library that is no module (not built by ftrace-cc) is said once
 * (linux/module.h).
 */
#include <dlfcn.h>
#include <link.h>
#include <linux/hardirq.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/trace_spool.h>
#include <trace/syscall.h>

void *__real_dlopen(const char *file, int mode);
int __real_dlclose(void *handle);

/* The loader's record of a handle, or NULL. */
static struct link_map *handle_map(void *handle)
{
	struct link_map *lm;

	if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &lm))
		return NULL;
	return lm;
}

void *__wrap_dlopen(const char *file, int mode)
{
	void *handle = __real_dlopen(file, mode);
	struct link_map *lm = handle_map(handle);

	/* the kit's own work from here (linux/hardirq.h) */
	kit_work_begin();
	if (lm)
		spool_add_object(lm->l_name, lm->l_addr);
	/* the C library's objects it brought get their traps */
	if (handle) {
		kallsyms_note_objects();
		syscall_trap_rescan();
		ftrace_report_unrecorded_mods();
	}
	kit_work_end();
	return handle;
}

int __wrap_dlclose(void *handle)
{
	struct link_map *lm = handle_map(handle);
	int ret;

	kit_work_begin();
	if (lm)
		kallsyms_add_object(lm->l_name, lm->l_addr);
	kit_work_end();
	ret = __real_dlclose(handle);
	/* what it unloaded (it may have been in use still: not always) */
	kit_work_begin();
	kallsyms_note_objects();
	syscall_trap_rescan();
	kit_work_end();
	return ret;
}
