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
 * Objects come and go (dlopen(), dlclose()): one loaded after the table
 * was made joins it when an address it holds is first asked for, and a
 * library that is about to go is read in first (kallsyms_add_object(),
 * from its ftrace_release_mod() or the dlclose() wrapper, dlopen.c), so its
 * functions keep their names in the trace written after it has gone.
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
#include <linux/ftrace.h>
#include <linux/kallsyms.h>

struct ksym {
	unsigned long	addr;
	unsigned long	size;
	const char	*name;
};

/* an object read in: its name, and where it was mapped */
struct kobj {
	const char	*path;
	unsigned long	bias, lo, hi;
};

static struct ksym *ksyms;
static size_t nr_ksyms, max_ksyms;
static struct kobj *kobjs;
static size_t nr_kobjs;
static unsigned long long ksyms_adds;	/* dlpi_adds when last looked */
static pthread_once_t ksyms_once = PTHREAD_ONCE_INIT;
/* (recursive: a ksym_for_each() callback may ask for a name) */
static pthread_mutex_t ksyms_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static void ksym_add(unsigned long addr, unsigned long size, const char *name)
{
	if (nr_ksyms == max_ksyms) {
		size_t n = max_ksyms ? max_ksyms * 2 : 1024;
		struct ksym *k = realloc(ksyms, n * sizeof(*k));

		if (!k)
			return;
		ksyms = k;
		max_ksyms = n;
	}
	ksyms[nr_ksyms].addr = addr;
	ksyms[nr_ksyms].size = size;
	ksyms[nr_ksyms].name = name;
	nr_ksyms++;
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

/* Add the function symbols of one symbol table section. */
static void load_symtab(const char *map, size_t size, const ElfW(Shdr) *sh,
			const ElfW(Shdr) *shdrs, unsigned int shnum,
			unsigned long bias)
{
	const ElfW(Sym) *sym;
	const char *str;
	size_t i, n, strsz;

	sym = sym_table(map, size, sh, shdrs, shnum, &n, &str, &strsz);
	for (i = 0; sym && i < n; i++) {
		if (ELF64_ST_TYPE(sym[i].st_info) != STT_FUNC ||
		    sym[i].st_shndx == SHN_UNDEF || sym[i].st_name >= strsz)
			continue;
		ksym_add(bias + ftrace_sym_addr(sym[i].st_value),
			 sym[i].st_size, str + sym[i].st_name);
	}
}

static int kobj_known(const char *path, unsigned long bias)
{
	size_t i;

	for (i = 0; i < nr_kobjs; i++)
		if (kobjs[i].bias == bias && !strcmp(kobjs[i].path, path))
			return 1;
	return 0;
}

/* What an object maps: its PT_LOAD span, for the "lib+0xoff" fallback. */
static void kobj_add(const char *path, unsigned long bias,
		     const ElfW(Ehdr) *eh, size_t size)
{
	const ElfW(Phdr) *ph = (const void *)((const char *)eh + eh->e_phoff);
	unsigned long lo = -1UL, hi = 0;
	struct kobj *k;
	unsigned int i;

	if (eh->e_phentsize != sizeof(*ph) ||
	    !in_file(size, eh->e_phoff, (size_t)eh->e_phnum * sizeof(*ph)))
		return;
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		lo = ph[i].p_vaddr < lo ? ph[i].p_vaddr : lo;
		if (ph[i].p_vaddr + ph[i].p_memsz > hi)
			hi = ph[i].p_vaddr + ph[i].p_memsz;
	}
	k = realloc(kobjs, (nr_kobjs + 1) * sizeof(*k));
	if (!k || hi <= lo)
		return;
	kobjs = k;
	k = &kobjs[nr_kobjs];
	k->path = strdup(path);
	if (!k->path)
		return;
	k->bias = bias;
	k->lo = bias + lo;
	k->hi = bias + hi;
	nr_kobjs++;
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

/* The file stays mapped: the names point into it. */
static void load_object(const char *path, unsigned long bias)
{
	const ElfW(Ehdr) *eh;
	const ElfW(Shdr) *sh;
	const char *map;
	size_t size;
	int have_symtab = 0;
	unsigned int i;

	map = map_elf(path, &size);
	if (!map)
		return;
	eh = (const ElfW(Ehdr) *)map;
	kobj_add(path, bias, eh, size);
	sh = (const ElfW(Shdr) *)(map + eh->e_shoff);
	for (i = 0; i < eh->e_shnum; i++)
		if (sh[i].sh_type == SHT_SYMTAB)
			have_symtab = 1;
	for (i = 0; i < eh->e_shnum; i++)
		if (sh[i].sh_type == (have_symtab ? SHT_SYMTAB : SHT_DYNSYM))
			load_symtab(map, size, &sh[i], sh, eh->e_shnum, bias);
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

static int load_one(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *name = info->dlpi_name;

	ksyms_adds = info->dlpi_adds;
	/*
	 * The program itself has no name here; the vDSO's name is no file
	 * (opening it fails); a library found through a relative
	 * LD_LIBRARY_PATH entry has a relative name, which the working
	 * directory still resolves unless the program changed it.
	 */
	if (!name || !*name)
		name = "/proc/self/exe";
	if (!kobj_known(name, info->dlpi_addr))
		load_object(name, info->dlpi_addr);
	return 0;
}

/* Has an object been loaded since the table was made? */
static int adds_of(struct dl_phdr_info *info, size_t size, void *data)
{
	*(unsigned long long *)data = info->dlpi_adds;
	return 1;
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

static void ksyms_load(void)
{
	int i;

	if (ksyms_nr_objects < 0)
		dl_iterate_phdr(load_one, NULL);
	for (i = 0; i < ksyms_nr_objects; i++)
		load_object(*ksyms_paths[i] ? ksyms_paths[i] : "/proc/self/exe",
			    ksyms_bias[i]);
	qsort(ksyms, nr_ksyms, sizeof(*ksyms), ksym_cmp);
}

void kallsyms_add_object(const char *path, unsigned long bias)
{
	if (!path || !*path)
		return;
	pthread_once(&ksyms_once, ksyms_load);
	pthread_mutex_lock(&ksyms_lock);
	if (!kobj_known(path, bias)) {
		load_object(path, bias);
		qsort(ksyms, nr_ksyms, sizeof(*ksyms), ksym_cmp);
	}
	pthread_mutex_unlock(&ksyms_lock);
}

/* The object that maps addr, or NULL; ksyms_lock held. */
static const struct kobj *kobj_of(unsigned long addr)
{
	size_t i;

	for (i = nr_kobjs; i-- > 0;)	/* the latest first */
		if (addr >= kobjs[i].lo && addr < kobjs[i].hi)
			return &kobjs[i];
	return NULL;
}

/* A miss: read in the objects loaded since, if there are any. */
static void ksyms_refresh(void)
{
	unsigned long long adds = ksyms_adds;

	if (ksyms_nr_objects >= 0)	/* another process's: fixed */
		return;
	dl_iterate_phdr(adds_of, &adds);
	if (adds == ksyms_adds)
		return;
	dl_iterate_phdr(load_one, NULL);
	qsort(ksyms, nr_ksyms, sizeof(*ksyms), ksym_cmp);
}

static const char *ksym_lookup(unsigned long addr)
{
	size_t lo = 0, hi;

	hi = nr_ksyms;
	while (lo < hi) {		/* first symbol above addr */
		size_t mid = (lo + hi) / 2;

		if (ksyms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the symbols at the nearest address at or below addr */
	if (lo > 0) {
		unsigned long base = ksyms[lo - 1].addr;

		while (lo > 0 && ksyms[lo - 1].addr == base) {
			const struct ksym *k = &ksyms[--lo];

			if (addr - k->addr < k->size)
				return k->name;
		}
	}
	return NULL;
}

const char *ksym_name(unsigned long addr, char *buf, size_t len)
{
	const struct kobj *obj;
	const char *name;

	pthread_once(&ksyms_once, ksyms_load);
	pthread_mutex_lock(&ksyms_lock);
	name = ksym_lookup(addr);
	if (!name && !kobj_of(addr)) {
		ksyms_refresh();
		name = ksym_lookup(addr);
	}
	obj = name ? NULL : kobj_of(addr);
	if (obj && strcmp(obj->path, "/proc/self/exe"))
		snprintf(buf, len, "%s+0x%lx", strrchr(obj->path, '/') ?
			 strrchr(obj->path, '/') + 1 : obj->path,
			 addr - obj->bias);
	else if (!name)
		snprintf(buf, len, "0x%lx", addr);
	pthread_mutex_unlock(&ksyms_lock);
	return name ?: buf;
}

int ksym_for_each(int (*fn)(const char *name, unsigned long addr,
			    unsigned long size, void *data), void *data)
{
	size_t i;
	int ret;

	pthread_once(&ksyms_once, ksyms_load);
	pthread_mutex_lock(&ksyms_lock);
	for (ret = 0, i = 0; !ret && i < nr_ksyms; i++)
		ret = fn(ksyms[i].name, ksyms[i].addr, ksyms[i].size, data);
	pthread_mutex_unlock(&ksyms_lock);
	return ret;
}

