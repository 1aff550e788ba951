// SPDX-License-Identifier: GPL-2.0
/*
 * Modules (chapter 4): the shared libraries of the program, the
 * executable's side of linux/module.h.
 *
 * A traced library's constructor calls ftrace_module_init() while the
 * dynamic loader runs it, at start-up or inside dlopen(), before any
 * other code of the library has run; its destructor calls
 * ftrace_release_mod() inside dlclose() (or at exit), before the code is
 * unmapped.  The libraries present at start-up initialise before the
 * executable's own constructors, so before dynamic ftrace is ready: they
 * wait on a list until the program's own sites are converted
 * (ftrace_modules_boot()).  Which library holds an address, once loaded,
 * is module_text.c's.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kconfig.h>
#include <linux/module.h>
#include <linux/text_patching.h>
#include <linux/trace_spool.h>
#include "ftrace_internal.h"

/* the libraries waiting for ftrace_modules_boot(), and whether it ran */
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static struct module *ftrace_modules_pending;
static int modules_live;

/*
 * A library's name, as :mod: and the lists use it: the file name up to
 * ".so" ("libz.so.1" is "libz"), as a kernel module is named without its
 * ".ko".
 */
static void module_name(struct module *mod)
{
	const char *base = strrchr(mod->path, '/');
	const char *so;

	base = base ? base + 1 : mod->path;
	so = strstr(base, ".so");
	snprintf(mod->name_buf, sizeof(mod->name_buf), "%.*s",
		 (int)(so ? so - base : (long)strlen(base)), base);
	mod->name = mod->name_buf;
}

/* Which loaded object holds mod (it lives in the library's own data)? */
static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct module *mod = data;
	unsigned long addr = (unsigned long)mod;
	int i, mine = 0;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && addr >= start &&
		    addr < start + ph->p_memsz)
			mine = 1;
	}
	if (!mine)
		return 0;
	mod->base = info->dlpi_addr;
	mod->path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name :
							  "(program)";
	module_name(mod);
	text_poke_object_text(info, &mod->text_start, &mod->text_end);
	return 1;
}

/*
 * The library's sites, as rec->ip values: sorted, one each, and every one
 * inside the library's code (a table that points elsewhere is refused
 * whole: it was not made for this library).  NULL with *n = 0: nothing.
 */
static unsigned long *module_ips(struct module *mod, unsigned long *n)
{
	unsigned long nr = mod->ftrace_callsites_end - mod->ftrace_callsites;
	unsigned long *ips, i, k = 0;

	*n = 0;
	if (!mod->ftrace_callsites || !nr)
		return NULL;
	ips = malloc(nr * sizeof(*ips));
	if (!ips)
		return NULL;
	for (i = 0; i < nr; i++) {
		ips[i] = ftrace_call_adjust(mod->ftrace_callsites[i]);
		if (ips[i] < mod->text_start ||
		    ips[i] + MCOUNT_INSN_SIZE > mod->text_end) {
			fprintf(stderr, "ftrace: %s: __mcount_loc entry 0x%lx "
				"is outside the library's code; the library "
				"is not traced\n", mod->name, ips[i]);
			free(ips);
			return NULL;
		}
	}
	qsort(ips, nr, sizeof(*ips), ftrace_ip_cmp);
	for (i = 0; i < nr; i++)
		if (!k || ips[i] != ips[k - 1])
			ips[k++] = ips[i];
	*n = k;
	return ips;
}

/* Load one library's records; ftrace_lock held (or boot: one thread). */
static void ftrace_module_load(struct module *mod)
{
	unsigned long n, *ips;
	long ret;

	/* the module PLT's target first: a site may call it once enabled */
	if (mod->ftrace_plt && mod->ftrace_plt_target)
		__atomic_store_n(mod->ftrace_plt_target, FTRACE_PLT_ADDR,
				 __ATOMIC_RELEASE);
	ret = text_poke_add_text(mod->base, mod->path);
	ips = ret ? NULL : module_ips(mod, &n);
	if (ips) {
		ret = ftrace_module_records(mod, ips, n);
		mod->num_ftrace_callsites = ret > 0 ? ret : 0;
		free(ips);
		ftrace_names_reset();
	}
	/* (ftrace_module_records() has said why for everything else) */
	if (ret == -ENOMEM)
		fprintf(stderr, "ftrace: %s: not traced: %s\n", mod->name,
			strerror(-ret));
	kallsyms_add_object(mod->path, mod->base);
	spool_add_object(mod->path, mod->base);
	module_text_add(mod);
	if (mod->num_ftrace_callsites)
		ftrace_filter_module_load(mod);
}

static void ftrace_module_init_work(struct module *mod);

/*
 * Both run inside the program's dlopen() or dlclose(), from the library's
 * own constructor or destructor; what they do there is the kit's work
 * (linux/hardirq.h), not the program's.
 */
void ftrace_module_init(struct module *mod)
{
	kit_work_begin();
	ftrace_module_init_work(mod);
	kit_work_end();
}

static void ftrace_module_init_work(struct module *mod)
{
	if (mod->abi != FTRACE_MODULE_ABI) {
		fprintf(stderr, "ftrace: a library was built by another "
			"version of the kit (module ABI %u, not %u): it is "
			"not traced\n", mod->abi, FTRACE_MODULE_ABI);
		return;
	}
	if (!dl_iterate_phdr(find_object, mod))
		return;		/* not in any object: nothing to trust */
	pthread_mutex_lock(&pending_lock);
	if (!modules_live) {
		mod->next = ftrace_modules_pending;
		ftrace_modules_pending = mod;
		pthread_mutex_unlock(&pending_lock);
		return;
	}
	pthread_mutex_unlock(&pending_lock);
	ftrace_lock();
	ftrace_module_load(mod);
	/* its sites become what the registered ops want */
	if (mod->num_ftrace_callsites)
		ftrace_update_locked();
	ftrace_unlock();
}

/*
 * A library built with gcc -pg but not through ftrace-cc -shared has
 * neither a __mcount_loc table nor the module object: its sites call the
 * program's exported mcount and are never converted, as the program's own
 * unrecorded sites (dyn_ftrace.c, ftrace_report_unrecorded()).  Each such
 * library is said once, by name, in one line: it is an object whose file
 * imports mcount's symbol (generic code knows the name from the loader,
 * not from the arch) but not ftrace_module_init(), which the module
 * object of every library ftrace-cc builds imports.  At chapter 8 one
 * built with the compiler's patchable entries calls nothing: what gives
 * it away is the compiler's own table, a section of the file.  The file decides,
 * not whether the object is a loaded module now: another thread's
 * dlopen() may be mapping one whose constructor has not registered it
 * yet, or its dlclose() unloading one whose records are gone already.
 * The objects are checked at boot and after each of the program's
 * dlopen() calls (dlopen.c); each file is read once.
 */
static pthread_mutex_t checked_lock = PTHREAD_MUTEX_INITIALIZER;
static char **checked;		/* the files read, by path */
static size_t nr_checked;

static int check_once(const char *path)
{
	char **c;
	size_t i;

	for (i = 0; i < nr_checked; i++)
		if (!strcmp(checked[i], path))
			return 0;
	c = realloc(checked, (nr_checked + 1) * sizeof(*c));
	if (!c)
		return 0;
	checked = c;
	checked[nr_checked] = strdup(path);
	return checked[nr_checked] && ++nr_checked;
}

static int check_object(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *mcount = data;
	unsigned long text = 0;
	int i;

	if (!info->dlpi_name || !*info->dlpi_name)
		return 0;		/* the program: dyn_ftrace.c's */
	for (i = 0; !text && i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD &&
		    (info->dlpi_phdr[i].p_flags & PF_X))
			text = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
	if (!text || ftrace_module_of(text) || !check_once(info->dlpi_name))
		return 0;
	if (kallsyms_imports(info->dlpi_name, "ftrace_module_init") == 1)
		return 0;
	if (kallsyms_imports(info->dlpi_name, mcount) == 1)
		fprintf(stderr, "ftrace: %s calls %s without __mcount_loc "
			"records (built with -pg, not ftrace-cc -shared?): "
			"its functions are %s\n", info->dlpi_name, mcount,
			ftrace_unrecorded_fate());
	else if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) &&
		 kallsyms_has_section(info->dlpi_name,
				      "__patchable_function_entries") == 1)
		fprintf(stderr, "ftrace: %s has patchable entries without "
			"__mcount_loc records (not built with ftrace-cc "
			"-shared?): its functions are never traced\n",
			info->dlpi_name);
	return 0;
}

void ftrace_report_unrecorded_mods(void)
{
	Dl_info dli;

	if (!IS_ENABLED(CONFIG_FTRACE_MCOUNT_RECORD))	/* ftraced finds them */
		return;
	/* the exported name (HAVE_FTRACE_MODULES) */
	if (!dladdr((void *)MCOUNT_ADDR, &dli) || !dli.dli_sname ||
	    (unsigned long)dli.dli_saddr != MCOUNT_ADDR)
		return;
	pthread_mutex_lock(&checked_lock);
	dl_iterate_phdr(check_object, (void *)dli.dli_sname);
	pthread_mutex_unlock(&checked_lock);
}

/*
 * At boot, once the program's own sites are converted (ftrace_dyn_init()
 * does that once, whoever asks first): the libraries that loaded before,
 * oldest first (the loader's order).  From here on a library loads at
 * once.  Boot runs before any tracer is registered (linux/init.h), so
 * none of these sites was wanted yet.  Then the -pg libraries without
 * records are said.
 */
static __init_boot void ftrace_modules_boot(void)
{
	struct module *list, *rev = NULL;

	ftrace_dyn_init();
	pthread_mutex_lock(&pending_lock);
	list = ftrace_modules_pending;
	ftrace_modules_pending = NULL;
	modules_live = 1;
	pthread_mutex_unlock(&pending_lock);
	while (list) {
		struct module *next = list->next;

		list->next = rev;
		rev = list;
		list = next;
	}
	while (rev) {
		struct module *next = rev->next;

		ftrace_module_load(rev);
		rev = next;
	}
	ftrace_report_unrecorded_mods();
}

/*
 * A filter hash may hold the library's functions: they must not match
 * whatever loads at those addresses next.  As the kernel does, they
 * become 0, an ip no function has, so the filter stays what it was for
 * every other function (and does not turn into "all functions" when the
 * library's were its only ones).
 */
static void hash_forget(struct ftrace_hash **slot, unsigned long start,
			unsigned long end)
{
	struct ftrace_hash *old = *slot, *hash;
	size_t i, k = 0, zeros = 0;

	if (!old)
		return;
	for (i = 0; i < old->count; i++)
		zeros += old->ips[i] >= start && old->ips[i] < end;
	if (!zeros)
		return;
	hash = malloc(sizeof(*hash));
	if (hash)
		hash->ips = malloc(old->count * sizeof(*hash->ips));
	if (!hash || !hash->ips) {
		free(hash);
		return;
	}
	while (k < zeros)
		hash->ips[k++] = 0;
	for (i = 0; i < old->count; i++)
		if (old->ips[i] < start || old->ips[i] >= end)
			hash->ips[k++] = old->ips[i];
	hash->count = k;
	__atomic_store_n(slot, hash, __ATOMIC_RELEASE);
	ftrace_hash_retire(old);
}

static void ftrace_release_mod_work(struct module *mod);

void ftrace_release_mod(struct module *mod)
{
	kit_work_begin();
	ftrace_release_mod_work(mod);
	kit_work_end();
}

static void ftrace_release_mod_work(struct module *mod)
{
	struct module **p;

	pthread_mutex_lock(&pending_lock);
	for (p = &ftrace_modules_pending; *p; p = &(*p)->next)
		if (*p == mod) {
			*p = mod->next;
			pthread_mutex_unlock(&pending_lock);
			return;		/* never loaded: nothing to drop */
		}
	pthread_mutex_unlock(&pending_lock);
	/*
	 * The records go with the module, under one lock: an update
	 * between would find sites of no module, with no module PLT
	 */
	ftrace_lock();
	if (!module_text_del(mod)) {
		ftrace_unlock();
		return;
	}
	/*
	 * names first: its symbols are read before the file can go, and
	 * what it held from now on is another object's
	 */
	kallsyms_del_object(mod->path, mod->base);
	ftrace_release_records(mod->text_start, mod->text_end);
	ftrace_names_reset();
	hash_forget(&ftrace_global_hash.filter_hash, mod->text_start,
		    mod->text_end);
	hash_forget(&ftrace_global_hash.notrace_hash, mod->text_start,
		    mod->text_end);
	text_poke_remove_text(mod->text_start, mod->text_end);
	ftrace_unlock();
}
