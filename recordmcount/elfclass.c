// SPDX-License-Identifier: GPL-2.0
/*
 * Reading an object and deciding what to do with it.  The class-specific
 * part is elf_body.h, compiled here twice; this file holds the
 * class-neutral rest: the e_ident checks that pick the class and byte
 * order, the decoded section and symbol arrays both bodies fill in, and
 * what happens to the sites once they are found (sort, name, list).
 */
#include <elf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "recordmcount.h"

/* A section header, decoded (the same for ELF32 and ELF64). */
struct rm_sec {
	const char *name;
	unsigned int name_off, type, link, info;
	uint64_t flags, offset, size, entsize;
};

/* A symbol, decoded. */
struct rm_sym {
	const char *name;
	uint64_t value, size;
	unsigned int shndx;
	unsigned char bind, type;
};

/* One object being read. */
struct rm_elf {
	struct rm_obj *o;
	unsigned int e_machine;
	uint64_t shoff;
	unsigned int shnum, shstrndx, symtab;
	struct rm_sec *sec;
	struct rm_sym *sym;
	uint64_t nsyms;
	unsigned int *group;		/* section -> its SHT_GROUP, or 0 */
	int todo;			/* add a __mcount_loc section */
	uint64_t moved_name;		/* --entries: moved_table's sh_name */
};

int rm_fail(struct rm_obj *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->err, sizeof(o->err), fmt, ap);
	va_end(ap);
	return -1;
}

void rm_verbose(const struct rm_obj *o, const char *fmt, ...)
{
	va_list ap;

	if (!o->opts->verbose)
		return;
	fprintf(stderr, "recordmcount: %s: ", o->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The NUL-terminated string at 'off' in string table 's', or NULL. */
static const char *rm_string(const unsigned char *buf, const struct rm_sec *s,
			     uint64_t off)
{
	const unsigned char *p;

	if (s->type == SHT_NOBITS || off >= s->size)
		return NULL;
	p = buf + s->offset;
	if (!memchr(p + off, 0, s->size - off))
		return NULL;
	return (const char *)p + off;
}

/*
 * gcc's table of -fpatchable-function-entry sites (--entries), and the
 * name it is left under, out of the link, once __mcount_loc has its
 * entries
 */
static const char entry_table[] = "__patchable_function_entries";
static const char moved_table[] = ".discarded.patchable_function_entries";

static int rm_is_mcount(const struct rm_machine *m, const char *name)
{
	const char *const *n;

	for (n = m->mcount; *n; n++)
		if (!strcmp(*n, name))
			return 1;
	return 0;
}

static const char *rm_reloc_name(const struct rm_machine *m,
				 unsigned int type)
{
	static char unknown[32];
	const char *name = m->reloc_name(type);

	if (name)
		return name;
	snprintf(unknown, sizeof(unknown), "reloc type %u", type);
	return unknown;
}

static struct rm_site *rm_new_site(struct rm_obj *o)
{
	struct rm_site *s;

	if (o->nsites == o->sites_cap) {
		size_t n = o->sites_cap ? 2 * o->sites_cap : 16;

		s = realloc(o->sites, n * sizeof(*s));
		if (!s)
			return NULL;
		o->sites = s;
		o->sites_cap = n;
	}
	s = &o->sites[o->nsites++];
	memset(s, 0, sizeof(*s));
	return s;
}

static int o_thumb(const struct rm_elf *e)
{
	return e->o->mach->thumb_bit;
}

static int site_cmp(const void *a, const void *b)
{
	const struct rm_site *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return 0;
}

/* binding preference when symbols share an address: global, weak, local */
static int bind_rank(unsigned char bind)
{
	return bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0;
}

/* The function containing offset 'ip' of section 'shndx', or "?". */
static const char *func_name(const struct rm_elf *e, unsigned int shndx,
			     uint64_t ip)
{
	const struct rm_sym *best = NULL;
	uint64_t i, addr, best_addr = 0;

	for (i = 1; i < e->nsyms; i++) {
		const struct rm_sym *y = &e->sym[i];

		if (y->shndx != shndx || y->type != STT_FUNC)
			continue;
		addr = o_thumb(e) ? y->value & ~1ULL : y->value;
		if (ip < addr || ip - addr >= y->size)
			continue;
		if (!best || addr > best_addr || (addr == best_addr &&
		    bind_rank(y->bind) > bind_rank(best->bind))) {
			best = y;
			best_addr = addr;
		}
	}
	return best ? best->name : "?";
}

/* Sort, drop duplicates, name the sites; list them; decide what to do. */
static int rm_finish(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	size_t i, n = 0;
	unsigned int s;

	if (o->nsites)
		qsort(o->sites, o->nsites, sizeof(*o->sites), site_cmp);
	for (i = 0; i < o->nsites; i++) {
		if (n && !site_cmp(&o->sites[n - 1], &o->sites[i]))
			continue;
		o->sites[n] = o->sites[i];
		o->sites[n].func = func_name(e, o->sites[i].shndx,
					     o->sites[i].ip);
		n++;
	}
	o->nsites = n;

	for (i = 0; i < o->nsites && o->opts->list; i++)
		fprintf(o->opts->out, "%s\t0x%llx\t%s\t%s\n",
			e->sec[o->sites[i].shndx].name,
			(unsigned long long)o->sites[i].ip, o->sites[i].func,
			rm_reloc_name(o->mach, o->sites[i].type));
	rm_verbose(o, "%s ELF%s %s-endian, %zu %s%s",
		   o->mach->name, o->mach->elfclass == ELFCLASS32 ? "32" : "64",
		   rm_get((const unsigned char *)"\1\0", 2) == 1 ?
		   "little" : "big", o->nsites, o->opts->entries ?
		   "patchable entries in " : "call sites of ",
		   o->opts->entries ? entry_table : o->mach->mcount[0]);

	for (s = 1; s < e->shnum; s++) {
		if (strcmp(e->sec[s].name, "__mcount_loc"))
			continue;
		rm_verbose(o, "already has __mcount_loc, left as it is");
		return 0;
	}
	if (!o->nsites) {
		rm_verbose(o, "no call sites, left as it is");
		return 0;
	}
	e->todo = !o->opts->list;
	return 0;
}

#define RM_BITS 32
#include "elf_body.h"
#undef RM_BITS

#define RM_BITS 64
#include "elf_body.h"
#undef RM_BITS

/*
 * Process one object held in memory: o->buf/o->size/o->name/o->opts in;
 * o->sites, and o->out with o->changed set if the object gained a
 * __mcount_loc section.  Returns 0, or -1 with the reason in o->err.
 */
int rm_process(struct rm_obj *o)
{
	const unsigned char *id = o->buf;

	if (o->size < EI_NIDENT || memcmp(id, ELFMAG, SELFMAG))
		return rm_fail(o, "not an ELF file");
	if (rm_set_endian(id[EI_DATA]))
		return rm_fail(o, "unknown ELF data encoding %u (EI_DATA)",
			       id[EI_DATA]);
	if (id[EI_VERSION] != EV_CURRENT)
		return rm_fail(o, "unknown ELF version %u (EI_VERSION)",
			       id[EI_VERSION]);
	switch (id[EI_CLASS]) {
	case ELFCLASS32:
		return rm_process32(o);
	case ELFCLASS64:
		return rm_process64(o);
	}
	return rm_fail(o, "unknown ELF class %u (EI_CLASS)", id[EI_CLASS]);
}

void rm_obj_free(struct rm_obj *o)
{
	free(o->sites);
	o->sites = NULL;
	o->nsites = o->sites_cap = 0;
	rm_buf_free(&o->out);
}
