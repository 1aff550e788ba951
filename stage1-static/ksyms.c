// SPDX-License-Identifier: GPL-2.0
/*
 * Address -> function name, the kernel's kallsyms.  Used only while the
 * trace is written out, never while recording.
 *
 * Every loaded object (the program first, then its shared libraries) is
 * read from its file: .symtab when it has one, so that static functions
 * are named too, else .dynsym.  A name is given only when the address lies
 * inside the symbol's [value, value + size): an address in a stripped part
 * of a library (the C library's own static functions: the caller of main)
 * prints as the library and the offset, "libc.so.6+0x2724a", which
 * addr2line or a debug-info package can name, rather than as a wrong
 * neighbour.
 *
 * Objects come and go (dlopen(), dlclose()), and one may be mapped where
 * another was before it: each object has its own table, and the span of
 * time it was mapped, in trace_clock_local() units, as
 * kallsyms_note_objects() saw it come and go (at the program's own
 * dlopen() and dlclose(), dlopen.c, and when a traced library loads or
 * goes, module.c).  An address is named by the object that held it when
 * the event was recorded (kallsyms_set_time(), by the trace's writer);
 * without a time, by the object that holds it now.  An object's symbols
 * are read when an address it holds is first asked for, or before it goes
 * (kallsyms_add_object()), so its functions keep their names in the
 * trace written after it has gone.
 */
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <asm/trace_clock.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>

struct ksym {
	unsigned long	addr;
	unsigned long	size;
	const char	*name;
};

/*
 * A file's function symbols, at their addresses in the file, read once
 * for every time it is loaded (a plugin loaded a thousand times, wherever
 * the loader puts it).
 */
struct ksymfile {
	char		*path;
	struct ksym	*syms;		/* sorted by address, once read */
	size_t		nr_syms, max_syms;
	unsigned long	lo, hi;		/* its PT_LOAD span */
	int		read;		/* the file was read (or failed) */
	struct ksymfile	*next;
};

/* an object: a file loaded at a bias, and when it was mapped */
struct kobj {
	const char	*path;		/* its file's */
	struct ksymfile	*file;
	unsigned long	bias, lo, hi;	/* lo = hi: span not known yet */
	uint64_t	born, gone;	/* KSYM_NOW: still mapped */
};

static struct ksymfile *ksymfiles;
static struct kobj *kobjs;
static size_t nr_kobjs;
static unsigned long long ksyms_adds;	/* dlpi_adds when last looked */
static pthread_once_t ksyms_once = PTHREAD_ONCE_INIT;
/* (recursive: a ksym_for_each() callback may ask for a name) */
static pthread_mutex_t ksyms_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
/* the time the addresses being named were recorded at (this thread's) */
static __thread uint64_t ksyms_time = KSYM_NOW;
/* this thread is inside ksym_for_each() */
static __thread int ksyms_walking;

static void ksym_add(struct ksymfile *k, unsigned long addr,
		     unsigned long size, const char *name)
{
	if (k->nr_syms == k->max_syms) {
		size_t n = k->max_syms ? k->max_syms * 2 : 256;
		struct ksym *s = realloc(k->syms, n * sizeof(*s));

		if (!s)
			return;
		k->syms = s;
		k->max_syms = n;
	}
	k->syms[k->nr_syms].addr = addr;
	k->syms[k->nr_syms].size = size;
	k->syms[k->nr_syms].name = name;
	k->nr_syms++;
}

static int in_file(size_t size, ElfW(Off) off, size_t len)
{
	return off <= size && len <= size - off;
}

/*
 * Symbol table section sh: its *n symbols, and its string table (*strsz
 * bytes, the last a NUL) in *str; NULL when either lies outside the file.
 */
static const ElfW(Sym) *sym_table(const char *map, size_t size,
				  const ElfW(Shdr) *sh,
				  const ElfW(Shdr) *shdrs, unsigned int shnum,
				  size_t *n, const char **str, size_t *strsz)
{
	const ElfW(Shdr) *strsh;

	if (sh->sh_link >= shnum || sh->sh_entsize != sizeof(ElfW(Sym)) ||
	    !in_file(size, sh->sh_offset, sh->sh_size))
		return NULL;
	strsh = &shdrs[sh->sh_link];
	if (!in_file(size, strsh->sh_offset, strsh->sh_size) ||
	    !strsh->sh_size || map[strsh->sh_offset + strsh->sh_size - 1])
		return NULL;
	*n = sh->sh_size / sizeof(ElfW(Sym));
	*str = map + strsh->sh_offset;
	*strsz = strsh->sh_size;
	return (const ElfW(Sym) *)(map + sh->sh_offset);
}

/* Add the function symbols of one symbol table section to k. */
static void load_symtab(struct ksymfile *k, const char *map, size_t size,
			const ElfW(Shdr) *sh, const ElfW(Shdr) *shdrs,
			unsigned int shnum)
{
	const ElfW(Sym) *sym;
	const char *str;
	size_t i, n, strsz;

	sym = sym_table(map, size, sh, shdrs, shnum, &n, &str, &strsz);
	for (i = 0; sym && i < n; i++) {
		if (ELF64_ST_TYPE(sym[i].st_info) != STT_FUNC ||
		    sym[i].st_shndx == SHN_UNDEF || sym[i].st_name >= strsz)
			continue;
		ksym_add(k, ftrace_sym_addr(sym[i].st_value),
			 sym[i].st_size, str + sym[i].st_name);
	}
}

/* What a file maps: its PT_LOAD span, *lo = *hi when it has none. */
static void load_span(const ElfW(Phdr) *ph, unsigned int n,
		      unsigned long *lo, unsigned long *hi)
{
	unsigned int i;

	*lo = -1UL;
	*hi = 0;
	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		*lo = ph[i].p_vaddr < *lo ? ph[i].p_vaddr : *lo;
		if (ph[i].p_vaddr + ph[i].p_memsz > *hi)
			*hi = ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (*hi <= *lo)
		*lo = *hi = 0;
}

/* The symbols of the file path, not read yet the first time. */
static struct ksymfile *ksymfile_of(const char *path)
{
	struct ksymfile *f;

	for (f = ksymfiles; f; f = f->next)
		if (!strcmp(f->path, path))
			return f;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->path = strdup(path);
	if (!f->path) {
		free(f);
		return NULL;
	}
	f->next = ksymfiles;
	ksymfiles = f;
	return f;
}

/* A new object, mapped since born; its file is read later. */
static struct kobj *kobj_new(const char *path, unsigned long bias,
			     uint64_t born)
{
	struct ksymfile *f = ksymfile_of(path);
	struct kobj *k;

	if (!f)
		return NULL;
	k = realloc(kobjs, (nr_kobjs + 1) * sizeof(*k));
	if (!k)
		return NULL;
	kobjs = k;
	k = &kobjs[nr_kobjs];
	memset(k, 0, sizeof(*k));
	k->path = f->path;
	k->file = f;
	k->bias = bias;
	k->born = born;
	k->gone = KSYM_NOW;
	nr_kobjs++;
	return k;
}

/* The object still mapped from path at bias, or NULL. */
static struct kobj *kobj_live(const char *path, unsigned long bias)
{
	size_t i;

	for (i = 0; i < nr_kobjs; i++)
		if (kobjs[i].gone == KSYM_NOW && kobjs[i].bias == bias &&
		    !strcmp(kobjs[i].path, path))
			return &kobjs[i];
	return NULL;
}

/*
 * The file mapped read-only, *size its length, if it is an ELF file whose
 * section headers lie inside it; else NULL.
 */
static const char *map_elf(const char *path, size_t *size)
{
	const ElfW(Ehdr) *eh;
	struct stat st;
	const char *map;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || st.st_size < (off_t)sizeof(*eh)) {
		close(fd);
		return NULL;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return NULL;
	eh = (const ElfW(Ehdr) *)map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_shentsize != sizeof(ElfW(Shdr)) ||
	    !in_file(st.st_size, eh->e_shoff,
		     (size_t)eh->e_shnum * sizeof(ElfW(Shdr)))) {
		munmap((void *)map, st.st_size);
		return NULL;
	}
	*size = st.st_size;
	return map;
}

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* at one address prefer the symbol with a size (aliases) */
	return (y->size > 0) - (x->size > 0);
}

/*
 * Read a file's symbols, once; then k's span is known too.  The file
 * stays mapped: the names point into it.
 */
static void kobj_read(struct kobj *k)
{
	struct ksymfile *f = k->file;
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh;
	const char *map;
	size_t size, i;
	int have_symtab = 0;

	if (!f->read) {
		f->read = 1;
		map = map_elf(f->path, &size);
		if (!map)
			return;
		eh = (const ElfW(Ehdr) *)map;
		if (eh->e_phentsize == sizeof(ElfW(Phdr)) &&
		    in_file(size, eh->e_phoff,
			    (size_t)eh->e_phnum * sizeof(ElfW(Phdr))))
			load_span((const ElfW(Phdr) *)(map + eh->e_phoff),
				  eh->e_phnum, &f->lo, &f->hi);
		sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type == SHT_SYMTAB)
				have_symtab = 1;
		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type ==
			    (have_symtab ? SHT_SYMTAB : SHT_DYNSYM))
				load_symtab(f, map, size, &sh[i], sh,
					    eh->e_shnum);
		qsort(f->syms, f->nr_syms, sizeof(*f->syms), ksym_cmp);
	}
	if (k->lo == k->hi && f->hi > f->lo) {
		k->lo = k->bias + f->lo;
		k->hi = k->bias + f->hi;
	}
}

/* Is name an undefined symbol of the dynamic symbol table sh? */
static int dynsym_imports(const char *map, size_t size,
			  const ElfW(Shdr) *sh, const ElfW(Shdr) *shdrs,
			  unsigned int shnum, const char *name)
{
	const ElfW(Sym) *sym;
	const char *str;
	size_t i, n, strsz;

	sym = sym_table(map, size, sh, shdrs, shnum, &n, &str, &strsz);
	for (i = 0; sym && i < n; i++)
		if (sym[i].st_shndx == SHN_UNDEF && sym[i].st_name < strsz &&
		    !strcmp(str + sym[i].st_name, name))
			return 1;
	return 0;
}

int kallsyms_imports(const char *path, const char *name)
{
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh;
	const char *map;
	size_t size;
	unsigned int i;
	int ret = 0;

	map = map_elf(path, &size);
	if (!map)
		return -1;
	eh = (const ElfW(Ehdr) *)map;
	sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
	for (i = 0; !ret && i < eh->e_shnum; i++)
		if (sh[i].sh_type == SHT_DYNSYM)
			ret = dynsym_imports(map, size, &sh[i], sh,
					     eh->e_shnum, name);
	munmap((void *)map, size);
	return ret;
}

int kallsyms_has_section(const char *path, const char *name)
{
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh, *names;
	const char *map, *str;
	size_t size, len = strlen(name) + 1;
	unsigned int i;
	int ret = 0;

	map = map_elf(path, &size);
	if (!map)
		return -1;
	eh = (const ElfW(Ehdr) *)map;
	sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
	if (eh->e_shstrndx >= eh->e_shnum)
		goto out;
	names = &sh[eh->e_shstrndx];
	if (!in_file(size, names->sh_offset, names->sh_size))
		goto out;
	str = map + names->sh_offset;
	for (i = 0; !ret && i < eh->e_shnum; i++)
		ret = sh[i].sh_name < names->sh_size &&
		      names->sh_size - sh[i].sh_name >= len &&
		      !memcmp(str + sh[i].sh_name, name, len);
out:
	munmap((void *)map, size);
	return ret;
}

/* The name the loader gives an object, as a file to read. */
static const char *object_path(const char *name)
{
	/*
	 * The program itself has no name here; the vDSO's name is no file
	 * (opening it fails); a library found through a relative
	 * LD_LIBRARY_PATH entry has a relative name, which the working
	 * directory still resolves unless the program changed it.
	 */
	return name && *name ? name : "/proc/self/exe";
}

/*
 * The objects mapped now, as the loader lists them.  Read without
 * ksyms_lock: a library's constructor or destructor (module.c) runs with
 * the loader's lock held and then takes ksyms_lock, so ksyms_lock is
 * never held while the loader's lock is taken.
 */
struct mapped {
	char		*path;
	unsigned long	bias, lo, hi;
};

struct mapped_list {
	struct mapped		*m;
	size_t			n;
	unsigned long long	adds;	/* dlpi_adds */
};

static int collect_one(struct dl_phdr_info *info, size_t size, void *data)
{
	struct mapped_list *l = data;
	struct mapped *m = realloc(l->m, (l->n + 1) * sizeof(*m));
	unsigned long lo, hi;

	l->adds = info->dlpi_adds;
	if (!m)
		return 1;
	l->m = m;
	m = &l->m[l->n];
	m->path = strdup(object_path(info->dlpi_name));
	if (!m->path)
		return 1;
	load_span(info->dlpi_phdr, info->dlpi_phnum, &lo, &hi);
	m->bias = info->dlpi_addr;
	m->lo = lo == hi ? 0 : m->bias + lo;
	m->hi = lo == hi ? 0 : m->bias + hi;
	l->n++;
	return 0;
}

static void collect(struct mapped_list *l)
{
	memset(l, 0, sizeof(*l));
	dl_iterate_phdr(collect_one, l);
}

/*
 * Compare the table with the objects l lists: the new ones were born at
 * now, and (gone_too) those no longer mapped are gone, now.  ksyms_lock
 * held; frees l.
 */
static void note_objects(struct mapped_list *l, uint64_t now, int gone_too)
{
	size_t i, j, before = nr_kobjs;
	unsigned char *seen = gone_too ? calloc(before + 1, 1) : NULL;
	struct kobj *k;

	for (i = 0; i < l->n; i++) {
		k = kobj_live(l->m[i].path, l->m[i].bias);
		if (k && seen && (size_t)(k - kobjs) < before)
			seen[k - kobjs] = 1;
		if (!k && (k = kobj_new(l->m[i].path, l->m[i].bias, now))) {
			k->lo = l->m[i].lo;
			k->hi = l->m[i].hi;
		}
	}
	for (j = 0; seen && j < before; j++)
		if (!seen[j] && kobjs[j].gone == KSYM_NOW)
			kobjs[j].gone = now;
	free(seen);
	for (i = 0; i < l->n; i++)
		free(l->m[i].path);
	free(l->m);
	ksyms_adds = l->adds;
}

/*
 * Run once per process, by whichever thread asks first; pthread_once()
 * makes the others wait until the table is complete.
 */
static int ksyms_nr_objects = -1;
static const char *const *ksyms_paths;
static const unsigned long *ksyms_bias;

/*
 * Another process's objects (a spool reader: the process that recorded
 * the addresses is gone, and its libraries were loaded elsewhere).  Before
 * the first name is asked for; "" is the program.
 */
void kallsyms_use_objects(int nr, const char *const *paths,
			  const unsigned long *bias)
{
	ksyms_paths = paths;
	ksyms_bias = bias;
	ksyms_nr_objects = nr;
}

/* What was mapped before the first look has always been (born 0). */
static void ksyms_load(void)
{
	struct mapped_list l;
	int i;

	if (ksyms_nr_objects < 0)
		collect(&l);
	pthread_mutex_lock(&ksyms_lock);
	if (ksyms_nr_objects < 0)
		note_objects(&l, 0, 0);
	for (i = 0; i < ksyms_nr_objects; i++)
		kobj_new(object_path(ksyms_paths[i]), ksyms_bias[i], 0);
	pthread_mutex_unlock(&ksyms_lock);
}

void kallsyms_note_objects(void)
{
	struct mapped_list l;
	unsigned int cpu;

	pthread_once(&ksyms_once, ksyms_load);
	if (ksyms_nr_objects >= 0)	/* another process's: fixed */
		return;
	collect(&l);
	pthread_mutex_lock(&ksyms_lock);
	note_objects(&l, trace_clock_local(&cpu), 1);
	pthread_mutex_unlock(&ksyms_lock);
}

void kallsyms_add_object(const char *path, unsigned long bias)
{
	struct kobj *k;

	if (!path || !*path)
		return;
	pthread_once(&ksyms_once, ksyms_load);
	pthread_mutex_lock(&ksyms_lock);
	k = kobj_live(path, bias);
	if (!k) {
		unsigned int cpu;

		k = kobj_new(path, bias, trace_clock_local(&cpu));
	}
	if (k)
		kobj_read(k);
	pthread_mutex_unlock(&ksyms_lock);
}

void kallsyms_del_object(const char *path, unsigned long bias)
{
	struct kobj *k;
	unsigned int cpu;

	kallsyms_add_object(path, bias);
	pthread_mutex_lock(&ksyms_lock);
	k = path ? kobj_live(path, bias) : NULL;
	if (k)
		k->gone = trace_clock_local(&cpu);
	pthread_mutex_unlock(&ksyms_lock);
}

void kallsyms_set_time(uint64_t ts)
{
	ksyms_time = ts;
}

/*
 * The object that held addr at ksyms_time (or holds it now), else the one
 * that held it last; NULL if none ever did.  ksyms_lock held.
 */
static struct kobj *kobj_of(unsigned long addr)
{
	uint64_t t = ksyms_time;
	struct kobj *last = NULL;
	size_t i;

	for (i = nr_kobjs; i-- > 0;) {	/* the latest first */
		struct kobj *k = &kobjs[i];

		if (k->lo == k->hi)
			kobj_read(k);	/* a span the loader did not give */
		if (addr < k->lo || addr >= k->hi)
			continue;
		if (t == KSYM_NOW ? k->gone == KSYM_NOW :
		    k->born <= t && t < k->gone)
			return k;
		if (!last)
			last = k;
	}
	return last;
}

/* Has an object been loaded since the table was made? */
static int adds_of(struct dl_phdr_info *info, size_t size, void *data)
{
	*(unsigned long long *)data = info->dlpi_adds;
	return 1;
}

/*
 * Note the objects loaded since the last look, if there are any.  Called
 * without ksyms_lock, which it takes to change the table.
 */
static void ksyms_refresh(void)
{
	unsigned long long adds = 0, seen;
	struct mapped_list l;
	unsigned int cpu;

	if (ksyms_nr_objects >= 0)	/* another process's: fixed */
		return;
	pthread_mutex_lock(&ksyms_lock);
	seen = ksyms_adds;
	pthread_mutex_unlock(&ksyms_lock);
	dl_iterate_phdr(adds_of, &adds);
	if (adds == seen)
		return;
	collect(&l);
	pthread_mutex_lock(&ksyms_lock);
	note_objects(&l, trace_clock_local(&cpu), 0);
	pthread_mutex_unlock(&ksyms_lock);
}

static const char *ksym_lookup(struct kobj *k, unsigned long addr)
{
	const struct ksymfile *f = k->file;
	size_t lo = 0, hi;

	kobj_read(k);
	addr -= k->bias;		/* the file's address */
	hi = f->nr_syms;
	while (lo < hi) {		/* first symbol above addr */
		size_t mid = (lo + hi) / 2;

		if (f->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the symbols at the nearest address at or below addr */
	if (lo > 0) {
		unsigned long base = f->syms[lo - 1].addr;

		while (lo > 0 && f->syms[lo - 1].addr == base) {
			const struct ksym *s = &f->syms[--lo];

			if (addr - s->addr < s->size)
				return s->name;
		}
	}
	return NULL;
}

const char *ksym_name(unsigned long addr, char *buf, size_t len)
{
	const char *name = NULL;
	struct kobj *k;

	pthread_once(&ksyms_once, ksyms_load);
	pthread_mutex_lock(&ksyms_lock);
	k = kobj_of(addr);
	/* (not inside ksym_for_each(), which looked just before) */
	if (!k && !ksyms_walking) {
		pthread_mutex_unlock(&ksyms_lock);
		ksyms_refresh();
		pthread_mutex_lock(&ksyms_lock);
		k = kobj_of(addr);
	}
	if (k)
		name = ksym_lookup(k, addr);
	if (!name && k && strcmp(k->path, "/proc/self/exe"))
		snprintf(buf, len, "%s+0x%lx", strrchr(k->path, '/') ?
			 strrchr(k->path, '/') + 1 : k->path,
			 addr - k->bias);
	else if (!name)
		snprintf(buf, len, "0x%lx", addr);
	pthread_mutex_unlock(&ksyms_lock);
	return name ?: buf;
}

/* The functions of the objects mapped now. */
int ksym_for_each(int (*fn)(const char *name, unsigned long addr,
			    unsigned long size, void *data), void *data)
{
	size_t i, j;
	int ret = 0;

	pthread_once(&ksyms_once, ksyms_load);
	ksyms_refresh();
	pthread_mutex_lock(&ksyms_lock);
	ksyms_walking++;
	for (i = 0; !ret && i < nr_kobjs; i++) {
		struct kobj *k = &kobjs[i];

		if (k->gone != KSYM_NOW)
			continue;
		kobj_read(k);
		for (j = 0; !ret && j < k->file->nr_syms; j++)
			ret = fn(k->file->syms[j].name,
				 k->bias + k->file->syms[j].addr,
				 k->file->syms[j].size, data);
	}
	ksyms_walking--;
	pthread_mutex_unlock(&ksyms_lock);
	return ret;
}
