/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function names from the program's own symbol table (stage1-static/ksyms.c),
 * static functions included: the kernel's kallsyms.
 */
#ifndef _LINUX_KALLSYMS_H
#define _LINUX_KALLSYMS_H

#include <stddef.h>
#include <stdint.h>

/* room for any name ksym_name() writes into the caller's buffer */
#define KSYM_NAME_LEN	128

/*
 * The name of the function holding addr, or addr in hex (in buf) when no
 * symbol holds it.
 */
const char *ksym_name(unsigned long addr, char *buf, size_t len);
/* Calls fn for every function symbol; stops when fn returns nonzero. */
int ksym_for_each(int (*fn)(const char *name, unsigned long addr,
			    unsigned long size, void *data), void *data);
/*
 * Read in the symbols of the object at bias "bias" from the file path now
 * (a library about to go: its names outlive it); once per object.
 */
void kallsyms_add_object(const char *path, unsigned long bias);
/* The object goes now (its symbols read first): it held its span till now. */
void kallsyms_del_object(const char *path, unsigned long bias);
/*
 * Objects have come or gone (a dlopen(), a dlclose(), a library's own
 * loading or release): note which, and when, so that an address is named
 * by the object that held it when it was recorded.
 */
void kallsyms_note_objects(void);
/*
 * The time (trace_clock_local() units) the addresses this thread names
 * next were recorded at, or KSYM_NOW: as the objects are mapped now.
 */
#define KSYM_NOW	UINT64_MAX
void kallsyms_set_time(uint64_t ts);
/*
 * Name addresses as another process had its objects loaded (a spool
 * reader): nr objects, paths[i] ("" for the program) at bias[i].  Before
 * the first name is asked for.
 */
void kallsyms_use_objects(int nr, const char *const *paths,
			  const unsigned long *bias);
/*
 * Does the object in file path import the symbol name (an undefined
 * entry of its dynamic symbol table)?  1 or 0; -1 if the file cannot be
 * read as ELF.
 */
int kallsyms_imports(const char *path, const char *name);
/* Has the object in file path a section of that name?  1, 0 or -1. */
int kallsyms_has_section(const char *path, const char *name);

#endif
