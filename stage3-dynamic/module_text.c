// SPDX-License-Identifier: GPL-2.0
/*
 * Which loaded library holds an address: the kernel's list of modules
 * and __module_text_address(), as the filter files ask it (a :mod: word,
 * the [module] column of the lists).  A library is on the list from the
 * moment its records are loaded (module.c) until it is released.
 */
#include <pthread.h>
#include <linux/module.h>
#include "ftrace_internal.h"

/* the kernel's module_mutex, around the list */
static pthread_mutex_t module_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct module *ftrace_modules;	/* loaded, newest first */

void module_text_add(struct module *mod)
{
	pthread_mutex_lock(&module_mutex);
	mod->next = ftrace_modules;
	ftrace_modules = mod;
	pthread_mutex_unlock(&module_mutex);
}

int module_text_del(struct module *mod)
{
	struct module **p;
	int found = 0;

	pthread_mutex_lock(&module_mutex);
	for (p = &ftrace_modules; *p; p = &(*p)->next)
		if (*p == mod) {
			*p = mod->next;
			found = 1;
			break;
		}
	pthread_mutex_unlock(&module_mutex);
	return found;
}

struct module *ftrace_module_of(unsigned long ip)
{
	struct module *mod;

	pthread_mutex_lock(&module_mutex);
	for (mod = ftrace_modules; mod; mod = mod->next)
		if (ip >= mod->text_start && ip < mod->text_end)
			break;
	pthread_mutex_unlock(&module_mutex);
	return mod;
}
