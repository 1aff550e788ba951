/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The class-generic body of recordmcount, included twice by elfclass.c:
 * once with RM_BITS 32 and once with RM_BITS 64.  Elf_(Shdr) becomes
 * Elf32_Shdr or Elf64_Shdr, FN(rm_process) becomes rm_process32 or
 * rm_process64.  Fields are read with GET() (recordmcount.h), which takes
 * care of byte order and size, so nothing here depends on the host.
 *
 * The steps, in order:
 *   check_header     ELF header, section header table bounds
 *   load_sections    every section header, with its name and bounds
 *   load_symbols     the one symbol table and its string table
 *   load_groups      which section group (COMDAT) holds each section
 *   find_sites       every relocation against mcount in an executable
 *                    section, judged by the machine's hook (--entries:
 *                    find_entries, every entry of the compiler's
 *                    __patchable_function_entries)
 *   add_mcount_loc   the new object: old bytes + a __mcount_loc and a
 *                    .rel(a)__mcount_loc per group with sites (and one
 *                    for the sites in no group) + the groups' grown
 *                    member lists + a new .shstrtab + a new section
 *                    header table; pick_anchors chooses the symbol of
 *                    each section's entries, and add_symbols adds a
 *                    section symbol where there is none
 *   make_nops        --nop: each recorded call becomes the machine's NOP
 *   finish_entries   --entries: the machine's once-only writes at each
 *                    entry, and the compiler's tables out of the link
 */

#if RM_BITS == 32
#define Elf_(t)		Elf32_##t
#define FN(f)		f##32
#define R_SYM(i)	ELF32_R_SYM(i)
#define R_TYPE(i)	ELF32_R_TYPE(i)
#define R_INFO(s, t)	ELF32_R_INFO(s, t)
#define CLASS_MAX	UINT32_MAX
#elif RM_BITS == 64
#define Elf_(t)		Elf64_##t
#define FN(f)		f##64
#define R_SYM(i)	ELF64_R_SYM(i)
#define R_TYPE(i)	ELF64_R_TYPE(i)
#define R_INFO(s, t)	ELF64_R_INFO(s, t)
#define CLASS_MAX	UINT64_MAX
#else
#error "RM_BITS must be 32 or 64"
#endif

#define WORD		(RM_BITS / 8)	/* one __mcount_loc entry */

static int FN(check_header)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	const unsigned char *eh = o->buf;
	uint64_t shoff, shnum, shentsize;

	if (o->size < sizeof(Elf_(Ehdr)))
		return rm_fail(o, "truncated ELF header");
	if (GET(eh, Elf_(Ehdr), e_type) != ET_REL)
		return rm_fail(o, "not a relocatable object (e_type %u)",
			       (unsigned int)GET(eh, Elf_(Ehdr), e_type));
	e->e_machine = GET(eh, Elf_(Ehdr), e_machine);
	o->mach = rm_find_machine(e->e_machine, RM_BITS == 32 ?
				  ELFCLASS32 : ELFCLASS64);
	if (!o->mach)
		return rm_fail(o, "unsupported machine %u for ELF%d (have: %s)",
			       e->e_machine, RM_BITS, rm_machine_names());

	shoff = GET(eh, Elf_(Ehdr), e_shoff);
	shnum = GET(eh, Elf_(Ehdr), e_shnum);
	shentsize = GET(eh, Elf_(Ehdr), e_shentsize);
	e->shstrndx = GET(eh, Elf_(Ehdr), e_shstrndx);
	if (shnum == 0)
		return rm_fail(o, shoff ?
			       "extended section numbering is not supported" :
			       "no section header table");
	if (shnum >= SHN_LORESERVE)
		return rm_fail(o, "e_shnum %u is in the reserved range",
			       (unsigned int)shnum);
	if (shentsize != sizeof(Elf_(Shdr)))
		return rm_fail(o, "e_shentsize %u, expected %u",
			       (unsigned int)shentsize,
			       (unsigned int)sizeof(Elf_(Shdr)));
	if (shoff > o->size || (o->size - shoff) / shentsize < shnum)
		return rm_fail(o, "section header table beyond end of file");
	if (e->shstrndx == SHN_XINDEX)
		return rm_fail(o,
			       "extended section numbering is not supported");
	if (e->shstrndx >= shnum)
		return rm_fail(o, "section name table index %u out of range",
			       e->shstrndx);
	e->shoff = shoff;
	e->shnum = shnum;
	return 0;
}

static int FN(load_sections)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	const unsigned char *sh;
	struct rm_sec *s, *names;
	unsigned int i;

	e->sec = calloc(e->shnum, sizeof(*e->sec));
	if (!e->sec)
		return rm_fail(o, "out of memory");
	for (i = 0; i < e->shnum; i++) {
		sh = o->buf + e->shoff + (uint64_t)i * sizeof(Elf_(Shdr));
		s = &e->sec[i];
		s->name_off = GET(sh, Elf_(Shdr), sh_name);
		s->type = GET(sh, Elf_(Shdr), sh_type);
		s->flags = GET(sh, Elf_(Shdr), sh_flags);
		s->offset = GET(sh, Elf_(Shdr), sh_offset);
		s->size = GET(sh, Elf_(Shdr), sh_size);
		s->link = GET(sh, Elf_(Shdr), sh_link);
		s->info = GET(sh, Elf_(Shdr), sh_info);
		s->entsize = GET(sh, Elf_(Shdr), sh_entsize);
		if (i && s->type != SHT_NOBITS && s->type != SHT_NULL &&
		    (s->offset > o->size || o->size - s->offset < s->size))
			return rm_fail(o, "section %u: "
				       "contents beyond end of file",
				       i);
	}
	names = &e->sec[e->shstrndx];
	if (names->type != SHT_STRTAB)
		return rm_fail(o, "section name table (section %u) "
			       "is not a string table",
			       e->shstrndx);
	for (i = 0; i < e->shnum; i++) {
		e->sec[i].name = rm_string(o->buf, names, e->sec[i].name_off);
		if (!e->sec[i].name)
			return rm_fail(o, "section %u: "
				       "name offset %u out of range",
				       i, e->sec[i].name_off);
	}
	return 0;
}

static int FN(load_symbols)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	const unsigned char *p;
	struct rm_sec *st = NULL, *str;
	struct rm_sym *y;
	unsigned int i;

	for (i = 1; i < e->shnum; i++) {
		if (e->sec[i].type != SHT_SYMTAB)
			continue;
		if (st)
			return rm_fail(o, "more than one symbol table");
		st = &e->sec[i];
		e->symtab = i;
	}
	if (!st)
		return 0;		/* then no relocation can name mcount */
	if (st->entsize != sizeof(Elf_(Sym)) || st->size % st->entsize)
		return rm_fail(o, "symbol table: bad sh_entsize %llu",
			       (unsigned long long)st->entsize);
	if (st->link == 0 || st->link >= e->shnum ||
	    e->sec[st->link].type != SHT_STRTAB)
		return rm_fail(o, "symbol table: "
			       "sh_link %u is not a string table",
			       st->link);
	str = &e->sec[st->link];
	e->nsyms = st->size / sizeof(Elf_(Sym));
	e->sym = calloc(e->nsyms ? e->nsyms : 1, sizeof(*e->sym));
	if (!e->sym)
		return rm_fail(o, "out of memory");
	for (i = 0; i < e->nsyms; i++) {
		unsigned int name;
		unsigned char info;

		p = o->buf + st->offset + (uint64_t)i * sizeof(Elf_(Sym));
		y = &e->sym[i];
		name = GET(p, Elf_(Sym), st_name);
		info = GET(p, Elf_(Sym), st_info);
		y->name = rm_string(o->buf, str, name);
		if (!y->name)
			return rm_fail(o,
				       "symbol %u: name offset %u out of range",
				       i, name);
		y->value = GET(p, Elf_(Sym), st_value);
		y->size = GET(p, Elf_(Sym), st_size);
		y->shndx = GET(p, Elf_(Sym), st_shndx);
		y->bind = ELF32_ST_BIND(info);
		y->type = ELF32_ST_TYPE(info);
		if (y->shndx == SHN_XINDEX)
			return rm_fail(o, "symbol %u: extended section index "
				       "is not supported",
				       i);
		if (y->shndx < SHN_LORESERVE && y->shndx >= e->shnum)
			return rm_fail(o, "symbol %u (%s): "
				       "section index %u out of range",
				       i, y->name, y->shndx);
	}
	return 0;
}

/*
 * e->group[]: the SHT_GROUP section each section belongs to (0: none).
 * C++ puts every inline function and template instance in a COMDAT group
 * of its own; the linker keeps one copy of a group per program and drops
 * the others whole.  Entries for the sites of a dropped copy would point
 * into a section that is gone, which ld refuses: they go in a
 * __mcount_loc of the group's own, dropped with it.
 */
static int FN(load_groups)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	unsigned int i, k, member;

	e->group = calloc(e->shnum, sizeof(*e->group));
	if (!e->group)
		return rm_fail(o, "out of memory");
	for (i = 1; i < e->shnum; i++) {
		const struct rm_sec *g = &e->sec[i];

		if (g->type != SHT_GROUP)
			continue;
		if (g->size < 4 || g->size % 4)
			return rm_fail(o, "group section %u: size %llu is "
				       "not a list of 4-byte words", i,
				       (unsigned long long)g->size);
		/* word 0 is the flags (GRP_COMDAT), then the members */
		for (k = 1; k < g->size / 4; k++) {
			member = rm_get(o->buf + g->offset + 4 * k, 4);
			if (member == 0 || member >= e->shnum)
				return rm_fail(o, "group section %u: member "
					       "%u out of range", i, member);
			if (e->group[member])
				return rm_fail(o, "section %u is in two "
					       "groups", member);
			e->group[member] = i;
		}
	}
	return 0;
}

/* One relocation at p, of a REL or RELA section. */
static void FN(read_reloc)(const unsigned char *p, uint64_t *offset,
			   uint64_t *sym, unsigned int *type)
{
	uint64_t info = GET(p, Elf_(Rel), r_info);

	*offset = GET(p, Elf_(Rel), r_offset);
	*sym = R_SYM(info);
	*type = R_TYPE(info);
}

/*
 * Section i, if it is a relocation section, checked: its entry size in
 * *esize and 1; 0 for another kind of section; -1 (o->err) if broken.
 */
static int FN(rel_section)(struct rm_elf *e, unsigned int i, uint64_t *esize)
{
	struct rm_obj *o = e->o;
	struct rm_sec *rs = &e->sec[i];

	if (rs->type != SHT_REL && rs->type != SHT_RELA)
		return 0;
	*esize = rs->type == SHT_REL ? sizeof(Elf_(Rel)) : sizeof(Elf_(Rela));
	if (rs->link == 0 || rs->link != e->symtab)
		return rm_fail(o, "relocation section %s: "
			       "sh_link %u is not the symbol table",
			       rs->name, rs->link);
	if (rs->info == 0 || rs->info >= e->shnum)
		return rm_fail(o, "relocation section %s: "
			       "applies to section %u, "
			       "which does not exist",
			       rs->name, rs->info);
	if (rs->entsize != *esize || rs->size % *esize)
		return rm_fail(o, "relocation section %s: "
			       "bad sh_entsize %llu",
			       rs->name, (unsigned long long)rs->entsize);
	return 1;
}

/* Relocation k of relocation section i; its symbol checked. */
static int FN(rel_at)(struct rm_elf *e, unsigned int i, uint64_t k,
		      uint64_t esize, struct rm_reloc *r, uint64_t *sym)
{
	struct rm_sec *rs = &e->sec[i];

	FN(read_reloc)(e->o->buf + rs->offset + k * esize, &r->offset, sym,
		       &r->type);
	if (*sym >= e->nsyms)
		return rm_fail(e->o, "relocation %llu in %s: "
			       "symbol index %llu out of range",
			       (unsigned long long)k, rs->name,
			       (unsigned long long)*sym);
	return 0;
}

static struct rm_site *FN(add_site)(struct rm_elf *e, unsigned int shndx,
				    uint64_t ip, unsigned int rel_sec,
				    uint64_t k, uint64_t esize,
				    const struct rm_reloc *r)
{
	struct rm_site *site = rm_new_site(e->o);

	if (!site) {
		rm_fail(e->o, "out of memory");
		return NULL;
	}
	site->shndx = shndx;
	site->ip = ip;
	site->r_offset = r->offset;
	site->type = r->type;
	site->rel_type = e->sec[rel_sec].type;
	site->rel_pos = e->sec[rel_sec].offset + k * esize;
	return site;
}

/*
 * The addend of relocation k of relocation section i: its own (RELA), or
 * the word it applies to (REL).
 */
static uint64_t FN(rel_addend)(struct rm_elf *e, unsigned int i, uint64_t k,
			       uint64_t esize, const struct rm_reloc *r)
{
	const struct rm_sec *rs = &e->sec[i], *ts = &e->sec[rs->info];

	if (rs->type == SHT_RELA)
		return GET(e->o->buf + rs->offset + k * esize, Elf_(Rela),
			   r_addend);
	if (ts->type == SHT_NOBITS || r->offset > ts->size ||
	    ts->size - r->offset < WORD)
		return CLASS_MAX;	/* beyond any section: refused */
	return rm_get(e->o->buf + ts->offset + r->offset, WORD);
}

static int FN(find_sites)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	unsigned int i;
	uint64_t k, n, esize;
	int ret;

	for (i = 1; i < e->shnum; i++) {
		struct rm_sec *rs = &e->sec[i], *ts;
		struct rm_reloc r;

		ret = FN(rel_section)(e, i, &esize);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		ts = &e->sec[rs->info];
		n = rs->size / esize;
		/* only sections with contents in the file were checked */
		if (ts->type == SHT_NOBITS || ts->type == SHT_NULL) {
			r.text = NULL;
			r.text_size = 0;
		} else {
			r.text = o->buf + ts->offset;
			r.text_size = ts->size;
		}
		for (k = 0; k < n; k++) {
			uint64_t sym, ip;
			const char *why = "";

			if (FN(rel_at)(e, i, k, esize, &r, &sym))
				return -1;
			if (!(ts->flags & SHF_EXECINSTR) ||
			    !rm_is_mcount(o->mach, e->sym[sym].name))
				continue;
			if (r.offset >= ts->size)
				return rm_fail(o, "relocation %llu in %s: "
					       "offset %#llx beyond section %s",
					       (unsigned long long)k, rs->name,
					       (unsigned long long)r.offset,
					       ts->name);
			if (!o->mach->site(&r, &ip, &why)) {
				rm_verbose(o,
					   "%s+%#llx: %s, not a call site: %s",
					   ts->name,
					   (unsigned long long)r.offset,
					   rm_reloc_name(o->mach, r.type), why);
				continue;
			}
			if (o->opts->nop && o->mach->nop_site)
				o->mach->nop_site(&r, &ip);
			if (!FN(add_site)(e, rs->info, ip, i, k, esize, &r))
				return -1;
		}
	}
	return 0;
}

/*
 * --entries (chapter 8): the sites are the functions' patchable entries,
 * which gcc's -fpatchable-function-entry lists itself, one address-sized
 * word per function, in __patchable_function_entries.  Each word's
 * relocation names the first NOP (a section symbol plus an offset, or a
 * symbol): that is the site, recorded as the compiler recorded it, so
 * the runtime adjusts both tables alike (ftrace_call_adjust()).
 *
 * gcc 12 writes that table as one section per object, tied by
 * SHF_LINK_ORDER to one function's section and outside every C++ group:
 * when the linker drops that function's copy (an inline function another
 * object also has), the whole table goes with it, every other function
 * of the object silently untraced.  So the entries move to __mcount_loc
 * sections of their own groups (add_mcount_loc(), as for mcount calls)
 * and drop_entry_tables() takes the compiler's tables out of the link.
 */
static int FN(find_entries)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	unsigned int i;
	uint64_t k, n, esize;
	int ret;

	for (i = 1; i < e->shnum; i++) {
		struct rm_sec *rs = &e->sec[i], *ts;
		struct rm_reloc r;

		ret = FN(rel_section)(e, i, &esize);
		if (ret <= 0) {
			if (ret)
				return ret;
			continue;
		}
		if (strcmp(e->sec[rs->info].name, entry_table))
			continue;
		n = rs->size / esize;
		for (k = 0; k < n; k++) {
			const struct rm_sym *y;
			struct rm_site *site;
			uint64_t sym, ip, pre;

			if (FN(rel_at)(e, i, k, esize, &r, &sym))
				return -1;
			y = &e->sym[sym];
			if (r.type != o->mach->abs_reloc)
				return rm_fail(o, "relocation %llu in %s: "
					       "%s, not an address", (unsigned
					       long long)k, rs->name,
					       rm_reloc_name(o->mach, r.type));
			if (y->shndx == SHN_UNDEF || y->shndx >= e->shnum ||
			    !(e->sec[y->shndx].flags & SHF_EXECINSTR))
				return rm_fail(o, "relocation %llu in %s: "
					       "symbol %s is not in code",
					       (unsigned long long)k,
					       rs->name, y->name);
			ts = &e->sec[y->shndx];
			ip = y->value + FN(rel_addend)(e, i, k, esize, &r);
			pre = ip;
			if (ts->type != SHT_NOBITS && ip < ts->size &&
			    o->opts->pre_entry) {
				/* the function's entry, past a landing pad */
				ip += o->opts->pre_entry;
				if (ip < ts->size && o->mach->entry_landing)
					ip += o->mach->entry_landing(
						o->buf + ts->offset + ip,
						ts->size - ip);
			}
			if (ts->type == SHT_NOBITS || ip >= ts->size)
				return rm_fail(o, "relocation %llu in %s: "
					       "entry %#llx beyond section %s",
					       (unsigned long long)k, rs->name,
					       (unsigned long long)ip,
					       ts->name);
			site = FN(add_site)(e, y->shndx, ip, i, k, esize, &r);
			if (!site)
				return -1;
			site->pre = ip - pre;
		}
	}
	return 0;
}

/*
 * A symbol the table entries of section 'shndx' can be relative to: the
 * section symbol, else a defined symbol that no other object can replace
 * (so not a weak one), and on ARM not a Thumb function, whose value would
 * drag the Thumb bit into the address, nor a mapping symbol.  -1 if
 * there is none: add_symbols() then gives the section a section symbol.
 */
static int64_t FN(anchor)(struct rm_elf *e, unsigned int shndx)
{
	int64_t best = -1;
	uint64_t i;

	for (i = 1; i < e->nsyms; i++) {
		struct rm_sym *y = &e->sym[i];

		if (y->shndx != shndx)
			continue;
		if (y->type == STT_SECTION)
			return i;
		if (best >= 0 || y->bind == STB_WEAK)
			continue;
		if (y->type != STT_FUNC && y->type != STT_NOTYPE &&
		    y->type != STT_OBJECT)
			continue;
		/* ARM mapping symbols ($a, $d, $t) only mark code/data */
		if (y->name[0] == '$')
			continue;
		if (o_thumb(e) && y->type == STT_FUNC && (y->value & 1))
			continue;
		best = i;
	}
	return best;
}

/*
 * The anchor of every section with sites, in anch[] (indexed by section),
 * as a symbol index of the result.  Sections without one get a new local
 * section symbol; those are inserted where the locals end (the symbol
 * table's sh_info), which moves every global symbol up by *nadd.
 */
static int FN(pick_anchors)(struct rm_elf *e, int64_t *anch,
			    unsigned int *nadd)
{
	struct rm_obj *o = e->o;
	uint64_t first_global = e->sec[e->symtab].info;
	unsigned int i;
	size_t k;

	*nadd = 0;
	for (i = 0; i < e->shnum; i++)
		anch[i] = -2;		/* no sites */
	for (k = 0; k < o->nsites; k++) {
		unsigned int s = o->sites[k].shndx;

		if (anch[s] != -2)
			continue;
		anch[s] = FN(anchor)(e, s);
		if (anch[s] < 0)
			anch[s] = first_global + (*nadd)++;
		else if ((uint64_t)anch[s] >= first_global)
			anch[s] = -3 - anch[s];	/* moves up, below */
	}
	/* where the locals end matters only when a symbol is added */
	if (*nadd && (first_global == 0 || first_global > e->nsyms))
		return rm_fail(o, "symbol table: sh_info %llu is not "
			       "a symbol index",
			       (unsigned long long)first_global);
	for (i = 0; i < e->shnum; i++)
		if (anch[i] <= -3)
			anch[i] = -3 - anch[i] + *nadd;
	return 0;
}

/*
 * Append a copy of the symbol table with a section symbol for every
 * section whose anchor is new, and renumber what refers to the symbols
 * that moved: the relocations (in b, where the old contents were
 * copied).  The caller points the section headers at the new table.
 */
static int FN(add_symbols)(struct rm_elf *e, struct rm_buf *b,
			   const int64_t *anch, unsigned int nadd,
			   uint64_t *symtab_off)
{
	struct rm_obj *o = e->o;
	struct rm_sec *st = &e->sec[e->symtab];
	uint64_t first_global = st->info, off, k, n;
	size_t esize = sizeof(Elf_(Sym));
	unsigned char *p;
	unsigned int i;

	for (i = 1; i < e->shnum; i++) {
		struct rm_sec *s = &e->sec[i];

		if (s->type == SHT_SYMTAB_SHNDX)
			return rm_fail(o, "cannot add a section symbol to a "
				       "table with extended section indices");
		if (s->link != e->symtab)
			continue;
		if (s->type != SHT_REL && s->type != SHT_RELA)
			continue;
		n = s->size / s->entsize;
		for (k = 0; k < n; k++) {
			uint64_t info, sym;

			p = b->data + s->offset + k * s->entsize;
			info = GET(p, Elf_(Rel), r_info);
			sym = R_SYM(info);
			if (sym >= first_global)
				PUT(p, Elf_(Rel), r_info,
				    R_INFO(sym + nadd, R_TYPE(info)));
		}
	}

	if (rm_buf_align(b, WORD))
		return rm_fail(o, "out of memory");
	off = b->len;
	if (rm_buf_add(b, o->buf + st->offset, first_global * esize) ||
	    rm_buf_zero(b, nadd * esize) ||
	    rm_buf_add(b, o->buf + st->offset + first_global * esize,
		       (e->nsyms - first_global) * esize))
		return rm_fail(o, "out of memory");
	for (i = 0; i < e->shnum; i++) {
		if (anch[i] < (int64_t)first_global ||
		    anch[i] >= (int64_t)(first_global + nadd))
			continue;
		p = b->data + off + anch[i] * esize;
		PUT(p, Elf_(Sym), st_info, ELF32_ST_INFO(STB_LOCAL,
							 STT_SECTION));
		PUT(p, Elf_(Sym), st_shndx, i);
		rm_verbose(o, "%s: added a section symbol (%lld)",
			   e->sec[i].name, (long long)anch[i]);
	}
	*symtab_off = off;
	return 0;
}

/*
 * One __mcount_loc of the result: the entries of the sites in one group
 * (group 0: in none), sites order[first..first + n), and its relocations.
 */
struct FN(rm_piece) {
	unsigned int group;
	size_t first, n;
	uint64_t tbl_off, rel_off, grp_off;
};

/* A site by its group: pieces are made by sorting these. */
struct FN(rm_key) {
	unsigned int group;
	size_t site;
};

/* By group, then as the sites were: by section and ip. */
static int FN(key_cmp)(const void *a, const void *b)
{
	const struct FN(rm_key) *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->site < y->site ? -1 : x->site > y->site;
}

/*
 * Split the sites into pieces, one per group: order[] lists the sites
 * piece by piece.  order[] and pieces[] are the caller's to free.
 */
static int FN(make_pieces)(struct rm_elf *e, size_t **order,
			   struct FN(rm_piece) **pieces, size_t *npieces)
{
	struct rm_obj *o = e->o;
	struct FN(rm_key) *key;
	size_t i, n = 0;

	*order = malloc(o->nsites * sizeof(**order));
	*pieces = calloc(o->nsites, sizeof(**pieces));
	key = malloc(o->nsites * sizeof(*key));
	if (!*order || !*pieces || !key) {
		free(key);
		return rm_fail(o, "out of memory");
	}
	for (i = 0; i < o->nsites; i++) {
		key[i].group = e->group[o->sites[i].shndx];
		key[i].site = i;
	}
	qsort(key, o->nsites, sizeof(*key), FN(key_cmp));
	for (i = 0; i < o->nsites; i++) {
		(*order)[i] = key[i].site;
		if (!n || (*pieces)[n - 1].group != key[i].group) {
			(*pieces)[n].group = key[i].group;
			(*pieces)[n].first = i;
			n++;
		}
		(*pieces)[n - 1].n++;
	}
	free(key);
	*npieces = n;
	return 0;
}

static int FN(add_mcount_loc)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	struct rm_buf *b = &o->out;
	static const char loc_name[] = "__mcount_loc";
	const char *rel_name;
	struct rm_sec *names = &e->sec[e->shstrndx];
	unsigned int rel_type = o->sites[0].rel_type;
	size_t esize = rel_type == SHT_REL ? sizeof(Elf_(Rel)) :
					      sizeof(Elf_(Rela));
	uint64_t str_off, sh_off, str_size;
	uint64_t symtab_off = 0, first_global = e->sec[e->symtab].info;
	unsigned char *p;
	size_t i, j, *order = NULL, npieces = 0;
	struct FN(rm_piece) *pieces = NULL, *pc;
	int64_t *anch = NULL;
	unsigned int nadd;

	rel_name = rel_type == SHT_REL ? ".rel__mcount_loc" :
					 ".rela__mcount_loc";
	if (FN(make_pieces)(e, &order, &pieces, &npieces))
		goto fail;
	if (e->shnum + 2 * npieces >= SHN_LORESERVE) {
		rm_fail(o, "too many sections to add %zu more", 2 * npieces);
		goto fail;
	}
	anch = calloc(e->shnum, sizeof(*anch));
	if (!anch) {
		rm_fail(o, "out of memory");
		goto fail;
	}
	if (FN(pick_anchors)(e, anch, &nadd))
		goto fail;
	if (rm_buf_add(b, o->buf, o->size))
		goto nomem;

	/* each piece: one address-sized word per site, and the relocations */
	for (pc = pieces; pc < pieces + npieces; pc++) {
		if (rm_buf_align(b, WORD))
			goto nomem;
		pc->tbl_off = b->len;
		if (rm_buf_zero(b, pc->n * WORD) || rm_buf_align(b, WORD))
			goto nomem;
		pc->rel_off = b->len;
		if (rm_buf_zero(b, pc->n * esize))
			goto nomem;
	}
	for (pc = pieces; pc < pieces + npieces; pc++)
		for (j = 0; j < pc->n; j++) {
			const size_t *at = &order[pc->first + j];
			struct rm_site *s = &o->sites[*at];
			int64_t a = anch[s->shndx], old = a;
			uint64_t addend = s->ip;

			/* a symbol that was there: its value, at its old index */
			if (a >= (int64_t)(first_global + nadd))
				old = a - nadd;
			else if (a >= (int64_t)first_global)
				old = -1;		/* a new section symbol */
			if (old >= 0 && e->sym[old].type != STT_SECTION)
				addend -= e->sym[old].value;
			if (j == 0 || s->shndx != o->sites[at[-1]].shndx)
				rm_verbose(o, "%s: entries relative to symbol "
					   "%lld (%s)", e->sec[s->shndx].name,
					   (long long)a, old < 0 ?
					   "new section symbol" :
					   e->sym[old].type == STT_SECTION ?
					   "section symbol" : e->sym[old].name);
			p = b->data + pc->rel_off + j * esize;
			PUT(p, Elf_(Rel), r_offset, j * WORD);
			PUT(p, Elf_(Rel), r_info,
			    R_INFO(a, o->mach->abs_reloc));
			if (rel_type == SHT_RELA)
				PUT(p, Elf_(Rela), r_addend, addend);
			else
				rm_put(b->data + pc->tbl_off + j * WORD, WORD,
				       addend);
		}
	if (nadd && FN(add_symbols)(e, b, anch, nadd, &symtab_off))
		goto fail;
	free(anch);
	anch = NULL;

	/* a group with sites: its member list and the piece's two sections */
	for (i = 0; i < npieces; i++) {
		const struct rm_sec *g = &e->sec[pieces[i].group];

		if (!pieces[i].group)
			continue;
		if (rm_buf_align(b, 4))
			goto nomem;
		pieces[i].grp_off = b->len;
		if (rm_buf_add(b, o->buf + g->offset, g->size) ||
		    rm_buf_zero(b, 8))
			goto nomem;
		p = b->data + b->len - 8;
		rm_put(p, 4, e->shnum + 2 * i);
		rm_put(p + 4, 4, e->shnum + 2 * i + 1);
	}

	/*
	 * A new section name table: the old one plus the two new names (and
	 * for --entries the name the compiler's table leaves the link under,
	 * finish_entries()).
	 */
	str_off = b->len;
	if (rm_buf_add(b, o->buf + names->offset, names->size) ||
	    rm_buf_add(b, loc_name, sizeof(loc_name)) ||
	    rm_buf_add(b, rel_name, strlen(rel_name) + 1) ||
	    (o->opts->entries &&
	     rm_buf_add(b, moved_table, sizeof(moved_table))) ||
	    rm_buf_align(b, 8))
		goto nomem;
	str_size = names->size + sizeof(loc_name) + strlen(rel_name) + 1;
	e->moved_name = str_size;
	if (o->opts->entries)
		str_size += sizeof(moved_table);

	/* a new section header table: the old one plus two per piece */
	sh_off = b->len;
	if (rm_buf_add(b, o->buf + e->shoff, e->shnum * sizeof(Elf_(Shdr))) ||
	    rm_buf_zero(b, 2 * npieces * sizeof(Elf_(Shdr))))
		goto nomem;
	if (b->len > CLASS_MAX) {
		rm_fail(o, "the result would be too large for ELF%d", RM_BITS);
		goto fail;
	}

	p = b->data + sh_off + e->shstrndx * sizeof(Elf_(Shdr));
	PUT(p, Elf_(Shdr), sh_offset, str_off);
	PUT(p, Elf_(Shdr), sh_size, str_size);

	if (nadd) {
		/* the symbol table with the new section symbols */
		p = b->data + sh_off + e->symtab * sizeof(Elf_(Shdr));
		PUT(p, Elf_(Shdr), sh_offset, symtab_off);
		PUT(p, Elf_(Shdr), sh_size,
		    (e->nsyms + nadd) * sizeof(Elf_(Sym)));
		PUT(p, Elf_(Shdr), sh_info, first_global + nadd);
		/* a group names its signature by symbol index too */
		for (i = 1; i < e->shnum; i++) {
			if (e->sec[i].type != SHT_GROUP ||
			    e->sec[i].link != e->symtab ||
			    e->sec[i].info < first_global)
				continue;
			p = b->data + sh_off + i * sizeof(Elf_(Shdr));
			PUT(p, Elf_(Shdr), sh_info, e->sec[i].info + nadd);
		}
	}

	for (i = 0; i < npieces; i++) {
		uint64_t loc_idx = e->shnum + 2 * i, in_group = 0;

		pc = &pieces[i];
		if (pc->group) {
			in_group = SHF_GROUP;
			p = b->data + sh_off + pc->group * sizeof(Elf_(Shdr));
			PUT(p, Elf_(Shdr), sh_offset, pc->grp_off);
			PUT(p, Elf_(Shdr), sh_size,
			    e->sec[pc->group].size + 8);
		}
		p = b->data + sh_off + loc_idx * sizeof(Elf_(Shdr));
		PUT(p, Elf_(Shdr), sh_name, names->size);
		PUT(p, Elf_(Shdr), sh_type, SHT_PROGBITS);
		PUT(p, Elf_(Shdr), sh_flags, SHF_ALLOC | SHF_WRITE | in_group);
		PUT(p, Elf_(Shdr), sh_offset, pc->tbl_off);
		PUT(p, Elf_(Shdr), sh_size, pc->n * WORD);
		PUT(p, Elf_(Shdr), sh_addralign, WORD);
		PUT(p, Elf_(Shdr), sh_entsize, WORD);

		p += sizeof(Elf_(Shdr));
		PUT(p, Elf_(Shdr), sh_name, names->size + sizeof(loc_name));
		PUT(p, Elf_(Shdr), sh_type, rel_type);
		PUT(p, Elf_(Shdr), sh_flags, SHF_INFO_LINK | in_group);
		PUT(p, Elf_(Shdr), sh_offset, pc->rel_off);
		PUT(p, Elf_(Shdr), sh_size, pc->n * esize);
		PUT(p, Elf_(Shdr), sh_link, e->symtab);
		PUT(p, Elf_(Shdr), sh_info, loc_idx);
		PUT(p, Elf_(Shdr), sh_addralign, WORD);
		PUT(p, Elf_(Shdr), sh_entsize, esize);
	}

	PUT(b->data, Elf_(Ehdr), e_shoff, sh_off);
	PUT(b->data, Elf_(Ehdr), e_shnum, e->shnum + 2 * npieces);
	o->changed = 1;
	rm_verbose(o, "added __mcount_loc with %zu entries in %zu piece%s",
		   o->nsites, npieces, npieces == 1 ? "" : "s");
	free(order);
	free(pieces);
	return 0;

nomem:
	rm_fail(o, "out of memory");
fail:
	free(anch);
	free(order);
	free(pieces);
	return -1;
}

/*
 * --nop, on the object add_mcount_loc() wrote (the input's bytes at the
 * same offsets): each recorded call becomes the machine's NOP, and its
 * relocation R_*_NONE against no symbol, so the linker neither resolves
 * the call nor makes a GOT slot for it.  The kernel's x86 build does the
 * same with objtool --mcount --mnop; the start-up then has nothing to
 * convert (docs/08-entry.md).
 */
static int FN(make_nops)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	size_t i;

	if (!o->mach->make_nop)
		return rm_fail(o, "--nop: no NOP encoding for %s",
			       o->mach->name);
	for (i = 0; i < o->nsites; i++) {
		const struct rm_site *s = &o->sites[i];
		const struct rm_sec *ts = &e->sec[s->shndx];
		unsigned char *rel = o->out.data + s->rel_pos;

		if (!o->mach->make_nop(o->out.data + ts->offset + s->ip,
				       ts->size - s->ip))
			return rm_fail(o, "--nop: %s+%#llx: no NOP for this "
				       "call", ts->name,
				       (unsigned long long)s->ip);
		PUT(rel, Elf_(Rel), r_info, R_INFO(0, o->mach->none_reloc));
		if (s->rel_type == SHT_RELA)
			PUT(rel, Elf_(Rela), r_addend, 0);
	}
	rm_verbose(o, "wrote %zu site%s as NOPs", o->nsites,
		   o->nsites == 1 ? "" : "s");
	return 0;
}

/*
 * --entries, on the object add_mcount_loc() wrote: what the machine
 * writes once at each entry (its entry_prepare(), where it has one), and
 * the compiler's own tables out of the link, now that __mcount_loc holds
 * their entries: each becomes an SHF_EXCLUDE section, which the linker
 * leaves out with its relocations, no longer SHF_LINK_ORDER, and named
 * moved_table, since ld knows __patchable_function_entries by its name
 * (with --gc-sections it wants the linked-to section it no longer has).
 */
static int FN(finish_entries)(struct rm_elf *e)
{
	struct rm_obj *o = e->o;
	unsigned char *b = o->out.data, *p;
	uint64_t sh_off = GET(b, Elf_(Ehdr), e_shoff);
	unsigned int i;
	size_t k;

	for (k = 0; k < o->nsites && o->mach->entry_prepare; k++) {
		const struct rm_site *s = &o->sites[k];
		const struct rm_sec *ts = &e->sec[s->shndx];

		if (!o->mach->entry_prepare(b + ts->offset + s->ip,
					    ts->size - s->ip,
					    o->opts->pre_entry ? s->pre : 0))
			return rm_fail(o, "--entries: %s+%#llx (%s): not the "
				       "NOPs of a patchable entry", ts->name,
				       (unsigned long long)s->ip, s->func);
	}
	for (i = 1; i < e->shnum; i++) {
		if (strcmp(e->sec[i].name, entry_table))
			continue;
		p = b + sh_off + i * sizeof(Elf_(Shdr));
		PUT(p, Elf_(Shdr), sh_name, e->moved_name);
		PUT(p, Elf_(Shdr), sh_flags, SHF_EXCLUDE);
		PUT(p, Elf_(Shdr), sh_link, 0);
	}
	rm_verbose(o, "moved %zu patchable entr%s to __mcount_loc", o->nsites,
		   o->nsites == 1 ? "y" : "ies");
	return 0;
}

int FN(rm_process)(struct rm_obj *o)
{
	struct rm_elf e = { .o = o };
	int ret;

	ret = FN(check_header)(&e);
	if (!ret)
		ret = FN(load_sections)(&e);
	if (!ret)
		ret = FN(load_symbols)(&e);
	if (!ret)
		ret = FN(load_groups)(&e);
	if (!ret)
		ret = o->opts->entries ? FN(find_entries)(&e) :
					 FN(find_sites)(&e);
	if (!ret)
		ret = rm_finish(&e);
	if (!ret && e.todo)
		ret = FN(add_mcount_loc)(&e);
	if (!ret && e.todo && o->opts->nop)
		ret = FN(make_nops)(&e);
	if (!ret && e.todo && o->opts->entries)
		ret = FN(finish_entries)(&e);
	free(e.sec);
	free(e.sym);
	free(e.group);
	return ret;
}

#undef Elf_
#undef FN
#undef R_SYM
#undef R_TYPE
#undef R_INFO
#undef CLASS_MAX
#undef WORD
