/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recordmcount: find every call to the arch's mcount in an ELF relocatable
 * object and add a __mcount_loc section that lists their addresses.
 *
 * docs/03-mcount-record.md explains the design; this header only declares
 * what the source files share:
 *   endian.c     byte-order accessors, chosen once per object
 *   machines.c   the per-machine table: all arch knowledge lives there
 *   elfclass.c   the class-generic body (elf_body.h) compiled for ELF32
 *                and for ELF64
 *   output.c     a growable byte buffer and the "write beside, rename"
 *                file update
 *   main.c       command line, reading files, reporting
 *   fuzz.c       the libFuzzer harness (calls rm_process only)
 */
#ifndef RECORDMCOUNT_H
#define RECORDMCOUNT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- endian.c ---- */

/* Read/write a 2-, 4- or 8-byte field in the object's byte order. */
extern uint64_t (*rm_get)(const unsigned char *p, size_t n);
extern void (*rm_put)(unsigned char *p, size_t n, uint64_t v);
int rm_set_endian(unsigned char ei_data);

/*
 * Field access by member name, whatever its size, never through a possibly
 * misaligned struct pointer: GET(p, Elf32_Shdr, sh_offset).
 */
#define FSIZE(type, m)	sizeof(((type *)0)->m)
#define GET(p, type, m)	rm_get((p) + offsetof(type, m), FSIZE(type, m))
#define PUT(p, type, m, v) \
	rm_put((p) + offsetof(type, m), FSIZE(type, m), (v))

/* ---- machines.c ---- */

/* A relocation against the mcount symbol, as the machine hook sees it. */
struct rm_reloc {
	uint64_t offset;		/* r_offset in the text section */
	unsigned int type;		/* r_type */
	const unsigned char *text;	/* contents of the text section */
	uint64_t text_size;
};

struct rm_machine {
	const char *name;		/* "x86_64", "mips", "arm" */
	unsigned int e_machine;		/* EM_* */
	unsigned char elfclass;		/* ELFCLASS32 or ELFCLASS64 */
	const char *const *mcount;	/* NULL-terminated symbol names */
	unsigned int abs_reloc;		/* reloc type of one table entry */
	int thumb_bit;			/* st_value bit 0 marks Thumb code */
	/*
	 * Is this relocation a call site?  If so store the address of the
	 * instruction to record (rec->ip, as a text offset) in *ip and
	 * return 1; else return 0 and say why in *why.
	 */
	int (*site)(const struct rm_reloc *r, uint64_t *ip, const char **why);
	const char *(*reloc_name)(unsigned int type);
	/*
	 * --nop: write the disabled form over the call at insn (the recorded
	 * instruction, len bytes of the section left from there) and return
	 * its length, or 0 if this machine has none for that call; its
	 * relocation becomes none_reloc.  NULL: the machine has no NOPs to
	 * write (the kernel's objtool --mnop exists for x86 only).
	 */
	size_t (*make_nop)(unsigned char *insn, uint64_t len);
	unsigned int none_reloc;
	/*
	 * --nop: where the site found by site() at *ip really starts, when
	 * the compiler wrapped the call in code the NOP makes useless
	 * (x86's nested functions: push/pop %r10 around it); make_nop() then
	 * gets that address.  NULL: the call itself.
	 */
	void (*nop_site)(const struct rm_reloc *r, uint64_t *ip);
	/*
	 * --entries: the sites are the compiler's patchable entries (its
	 * __patchable_function_entries table names each function's first
	 * NOP).  Write over the NOPs at insn (len bytes left in the
	 * section) what the runtime would otherwise write once at start-up,
	 * and return 1; 0 if they are not the NOPs expected.  NULL: nothing
	 * to write, the runtime takes the NOPs as they are.  pre: with
	 * --pre-entry, the bytes from the NOPs before the function (the
	 * literal, which starts as zero: the runtime writes it only over
	 * the zero it expects) to insn.
	 */
	int (*entry_prepare)(unsigned char *insn, uint64_t len, uint64_t pre);
	/*
	 * --pre-entry: the bytes of a landing pad at insn, the function's
	 * entry, before its NOPs (aarch64's bti): the site is past it.
	 * NULL: none.
	 */
	unsigned int (*entry_landing)(const unsigned char *insn,
				      uint64_t len);
};

const struct rm_machine *rm_find_machine(unsigned int e_machine,
					 unsigned char elfclass);
const char *rm_machine_names(void);

/* ---- output.c ---- */

struct rm_buf {
	unsigned char *data;
	size_t len, cap;
};

int rm_buf_add(struct rm_buf *b, const void *p, size_t n);
int rm_buf_zero(struct rm_buf *b, size_t n);
int rm_buf_align(struct rm_buf *b, size_t align);
void rm_buf_free(struct rm_buf *b);
int rm_write_file(const char *path, const char *like, const void *p,
		  size_t n, char *err, size_t errlen);

/* ---- elfclass.c / elf_body.h ---- */

struct rm_site {
	unsigned int shndx;		/* text section */
	uint64_t ip;			/* recorded offset in that section */
	uint64_t pre;			/* --pre-entry: ip - the literal's */
	uint64_t r_offset;		/* where the relocation applies */
	unsigned int type;		/* its type */
	const char *func;		/* enclosing function, or "?" */
	unsigned int rel_type;		/* SHT_REL or SHT_RELA */
	uint64_t rel_pos;		/* file offset of the relocation */
};

struct rm_opts {
	int list;			/* print the sites, change nothing */
	int verbose;			/* explain decisions on stderr */
	int nop;			/* write each site as its NOP */
	int entries;			/* sites: the compiler's entry table */
	unsigned long pre_entry;	/* --entries: NOP bytes before each */
	FILE *out;			/* where --list prints */
};

struct rm_obj {
	const char *name;		/* for messages */
	const unsigned char *buf;	/* the whole input file */
	size_t size;
	const struct rm_opts *opts;
	const struct rm_machine *mach;
	struct rm_site *sites;
	size_t nsites, sites_cap;
	struct rm_buf out;		/* the rewritten object, if changed */
	int changed;
	char err[256];			/* the one-line problem, if any */
};

int rm_process(struct rm_obj *o);	/* 0: fine, -1: o->err says why */
void rm_obj_free(struct rm_obj *o);
int rm_fail(struct rm_obj *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void rm_verbose(const struct rm_obj *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int rm_process32(struct rm_obj *o);
int rm_process64(struct rm_obj *o);

#endif
