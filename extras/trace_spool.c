// SPDX-License-Identifier: GPL-2.0
/*
 * The spool, writer side: where the ring buffers live when FTRACE_SPOOL
 * names a directory (the layout is in include/linux/trace_spool.h).
 *
 * The kernel's buffers survive the death of any process: only the kernel
 * dies with them.  Here the process is the kernel, so its buffers are put
 * in a file (MAP_SHARED) that stays when the process does not: after
 * _exit(), abort(), a fatal signal or SIGKILL the file holds every record
 * up to the last committed one.  Recording writes the same slots with the
 * same instructions; only where the memory comes from changes.
 *
 * Each piece is reserved in the file with fallocate() before it is
 * mapped: a full disk refuses the piece (anonymous memory is used for it
 * instead) rather than killing the program with SIGBUS later.
 *
 * Everything here after start-up is a system call (no malloc, no stdio):
 * a thread's first event, which maps its ring, may come in a signal
 * handler, and a fork child starts its own file before fork() returns.
 */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <asm/trace_clock.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include "trace_spool.h"

static int spool_fd = -1;
static pid_t spool_pid;
static struct spool_header *spool_hdr;
static size_t spool_hdr_len;
static char spool_dir[PATH_MAX];
static char spool_path[PATH_MAX + 32];
static size_t spool_page;
static struct stat spool_st;		/* the file spool_fd must still be */

/*
 * What this process mapped, by region slot: a private copy, because after
 * fork() the child must unmap the parent's pieces while the parent's
 * threads may already be changing the table in the shared header.
 */
static struct {
	void	*addr;
	size_t	len;
} spool_mine[SPOOL_MAX_REGIONS];

/* ---- async-signal-safe text --------------------------------------------- */

static char *put_str(char *p, char *end, const char *s)
{
	while (*s && p < end)
		*p++ = *s++;
	return p;
}

/* v in decimal, at least width digits (zero-padded) */
static char *put_u64(char *p, char *end, uint64_t v, int width)
{
	char digits[24];
	int n = 0;

	do {
		digits[n++] = '0' + v % 10;
		v /= 10;
	} while (v);
	while (n < width && n < (int)sizeof(digits))
		digits[n++] = '0';
	while (n && p < end)
		*p++ = digits[--n];
	return p;
}

/* ---- the file ------------------------------------------------------------ */

#define FIRST_EVENT_TAG		"first-event "

static void spool_write_text(uint64_t first)
{
	char *p = spool_hdr->text, *end = p + SPOOL_TEXT_LEN - 1;
	char exe[SPOOL_PATH_LEN];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	exe[n > 0 ? n : 0] = 0;
	p = put_str(p, end, "ftrace-spool ");
	p = put_u64(p, end, SPOOL_VERSION, 0);
	p = put_str(p, end, "\npid ");
	p = put_u64(p, end, spool_pid, 0);
	p = put_str(p, end, "\n" FIRST_EVENT_TAG);
	p = put_u64(p, end, first, 20);
	p = put_str(p, end, "\nexe ");
	p = put_str(p, end, exe);
	put_str(p, end, "\n");
}

/*
 * Whether spool_fd is still our file: a program that closes every
 * descriptor and opens its own may have been given that number.  Then
 * nothing more goes to the spool (and the lock is gone with the close:
 * the reader sees the file still mapped, spool_owner_alive()).
 */
static int spool_fd_ok(void)
{
	struct stat st;

	return !fstat(spool_fd, &st) && st.st_ino == spool_st.st_ino &&
	       st.st_dev == spool_st.st_dev;
}

/* Reserve len bytes at off of the file (and make them part of it). */
static int spool_reserve(off_t off, size_t len)
{
	return fallocate(spool_fd, 0, off, len) ? -errno : 0;
}

/* DIR/PID.buf, or DIR/PID.N.buf for n > 0; DIR/.PID.new for n < 0 */
static void spool_name(char *buf, size_t len, int n)
{
	char *end = buf + len - 1, *p;

	p = put_str(buf, end, spool_dir);
	p = put_str(p, end, n < 0 ? "/." : "/");
	p = put_u64(p, end, spool_pid, 0);
	if (n > 0) {
		p = put_str(p, end, ".");
		p = put_u64(p, end, n, 0);
	}
	p = put_str(p, end, n < 0 ? ".new" : ".buf");
	*p = 0;
}

/*
 * A new file, locked, with room for its header, under a private name
 * (spool_publish() gives it its own once the header is written: a reader
 * never sees a file half made).
 */
static void spool_open(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	void *mem;
	int fd;

	spool_pid = getpid();
	spool_name(spool_path, sizeof(spool_path), -1);
	/* one left by a process of this pid that died while making it */
	unlink(spool_path);
	fd = open(spool_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	/* out of the way of the descriptors the program counts on */
	spool_fd = fcntl(fd, F_DUPFD_CLOEXEC, 256);
	if (spool_fd >= 0) {
		close(fd);
		fd = spool_fd;
	}
	spool_fd = fd;
	if (fstat(fd, &spool_st))
		goto fail;
	/* the lock says "alive"; a fork child does not inherit it */
	spool_hdr_len = (sizeof(*spool_hdr) + spool_page - 1) &
			~(spool_page - 1);
	if (fcntl(fd, F_SETLK, &fl) || spool_reserve(0, spool_hdr_len))
		goto fail;
	mem = mmap(NULL, spool_hdr_len, PROT_READ | PROT_WRITE, MAP_SHARED,
		   fd, 0);
	if (mem == MAP_FAILED)
		goto fail;
	spool_hdr = mem;
	return;
fail:
	unlink(spool_path);
	close(fd);
	spool_fd = -1;
}

/* The header fields a fork child shares with its parent, copied. */
static void spool_fill(const struct spool_header *from)
{
	struct spool_header *h = spool_hdr;

	if (from) {
		h->clk_ts0 = from->clk_ts0;
		h->clk_ns0 = from->clk_ns0;
		memcpy(h->tracer, from->tracer, sizeof(h->tracer));
		h->nr_objects = from->nr_objects;
		memcpy(h->objects, from->objects,
		       from->nr_objects * sizeof(h->objects[0]));
	}
	h->header_size = sizeof(*h);
	h->buffer_size = sizeof(struct trace_buffer);
	h->entry_size = sizeof(struct trace_entry);
	h->chunk_structs = RB_CHUNK;
	h->max_regions = SPOOL_MAX_REGIONS;
	h->pid = spool_pid;
	h->file_end = spool_hdr_len;
	spool_write_text(0);
	h->version = SPOOL_VERSION;
	__atomic_store_n(&h->magic, SPOOL_MAGIC, __ATOMIC_RELEASE);
}

/* No spool after all: what is mapped later is anonymous memory. */
static void spool_drop(void)
{
	munmap(spool_hdr, spool_hdr_len);
	spool_hdr = NULL;
	close(spool_fd);
	spool_fd = -1;
}

/*
 * The file under its name: the pid, or the pid and a number when the
 * pid's file exists (a program exec'd by a traced process has its pid,
 * and finds the file the image it replaced left).
 */
static void spool_publish(void)
{
	char path[sizeof(spool_path)];
	int n;

	for (n = 0; n < 100; n++) {
		spool_name(path, sizeof(path), n);
		if (!link(spool_path, path))
			break;
		if (errno != EEXIST)
			n = 100;
	}
	unlink(spool_path);
	if (n < 100)
		memcpy(spool_path, path, sizeof(path));
	else
		spool_drop();
}

/*
 * An object the reader will need for names: the program ("") and each
 * library, by absolute path (a relative one, found through a relative
 * LD_LIBRARY_PATH, is made absolute now: the reader runs elsewhere).
 * Also for a library loaded later (dlopen(), linux/trace_spool.h), so
 * that a process that dies while it is loaded still has it named.
 */
static pthread_mutex_t objects_lock = PTHREAD_MUTEX_INITIALIZER;

void spool_add_object(const char *name, unsigned long bias)
{
	struct spool_header *h = spool_hdr;
	char abs[PATH_MAX];
	struct spool_object *o;
	unsigned int i;

	if (!h || !name)
		return;
	if (*name && *name != '/') {
		/* (the vDSO's name is no file: realpath() fails) */
		if (!realpath(name, abs))
			return;
		name = abs;
	}
	pthread_mutex_lock(&objects_lock);
	for (i = 0; i < h->nr_objects; i++)
		if (h->objects[i].bias == bias &&
		    !strcmp(h->objects[i].path, name))
			break;
	if (i == h->nr_objects && i < SPOOL_MAX_OBJECTS &&
	    strlen(name) < sizeof(o->path)) {
		o = &h->objects[i];
		o->bias = bias;
		strcpy(o->path, name);
		__atomic_store_n(&h->nr_objects, i + 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&objects_lock);
}

static int spool_add_one(struct dl_phdr_info *info, size_t size, void *data)
{
	spool_add_object(info->dlpi_name ? info->dlpi_name : "",
			 info->dlpi_addr);
	return 0;
}

/* ---- pieces ------------------------------------------------------------- */

void *spool_map(size_t len, enum spool_kind kind, unsigned int index)
{
	struct spool_header *h = spool_hdr;
	struct spool_region *r;
	int saved_errno = errno;
	void *mem = NULL;
	off_t off;
	int i;

	if (!h || spool_pid != getpid())
		return NULL;
	if (!spool_fd_ok())
		goto out;
	/* every piece starts on a page of the file: mmap() wants it so */
	len = (len + spool_page - 1) & ~(spool_page - 1);
	for (i = 0; i < SPOOL_MAX_REGIONS; i++)
		if (!spool_mine[i].addr)
			break;
	if (i == SPOOL_MAX_REGIONS)
		goto out;
	off = h->file_end;
	if (spool_reserve(off, len))
		goto out;
	mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
		   spool_fd, off);
	if (mem == MAP_FAILED) {
		mem = NULL;
		goto out;
	}
	h->file_end = off + len;
	spool_mine[i].addr = mem;
	spool_mine[i].len = len;
	r = &h->regions[i];
	r->addr = (uintptr_t)mem;
	r->off = off;
	r->len = len;
	r->index = index;
	/* the kind last: a reader never follows a half-made entry */
	__atomic_store_n(&r->kind, kind, __ATOMIC_RELEASE);
out:
	errno = saved_errno;
	return mem;
}

int spool_unmap(void *mem, size_t len)
{
	int saved_errno = errno;
	int i;

	if (!spool_hdr)
		return 0;
	for (i = 0; i < SPOOL_MAX_REGIONS; i++)
		if (spool_mine[i].addr == mem)
			break;
	if (i == SPOOL_MAX_REGIONS)
		return 0;
	__atomic_store_n(&spool_hdr->regions[i].kind, SPOOL_REGION_FREE,
			 __ATOMIC_RELEASE);
	munmap(mem, spool_mine[i].len);
	/* give the space back; the offsets of later pieces stay */
	if (spool_fd_ok())
		fallocate(spool_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			  spool_hdr->regions[i].off, spool_hdr->regions[i].len);
	spool_mine[i].addr = NULL;
	errno = saved_errno;
	return 1;
}

void spool_first_event(void)
{
	char *p, *end;

	if (!spool_hdr || spool_pid != getpid())
		return;
	p = strstr(spool_hdr->text, FIRST_EVENT_TAG);
	if (!p || strncmp(p + sizeof(FIRST_EVENT_TAG) - 1,
			  "00000000000000000000", 20))
		return;
	p += sizeof(FIRST_EVENT_TAG) - 1;
	end = p + 20;
	put_u64(p, end, ktime_get_ns(), 20);
}

void spool_set_tracer(const char *name)
{
	if (!spool_hdr || spool_pid != getpid())
		return;
	memset(spool_hdr->tracer, 0, sizeof(spool_hdr->tracer));
	strncpy(spool_hdr->tracer, name, sizeof(spool_hdr->tracer) - 1);
}

/*
 * The parent's pieces leave the child, not their addresses: a fork()
 * from a signal handler may have interrupted a record, which the child
 * finishes when the handler returns, through the buffer it had loaded
 * (its ring, its mask, its head).  So each piece becomes the child's
 * private copy of the file's pages (MAP_PRIVATE, copied only where
 * written), which the record reads and writes, and nobody else sees.
 * The child keeps that address space for good (a page costs memory
 * only once written).  If the file is not the spool any more (the
 * program closed it), the piece is unmapped, as a last resort.
 */
static void spool_forget_parent(const struct spool_header *parent, int fd_ok)
{
	int i;

	for (i = 0; i < SPOOL_MAX_REGIONS; i++) {
		void *addr = spool_mine[i].addr;
		size_t len = spool_mine[i].len;

		if (!addr)
			continue;
		if (!fd_ok ||
		    mmap(addr, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_FIXED, spool_fd,
			 parent->regions[i].off) != addr)
			munmap(addr, len);
		spool_mine[i].addr = NULL;
	}
}

int spool_fork_child(void)
{
	struct spool_header *parent = spool_hdr;
	int saved_errno = errno, fd_ok;

	if (!parent || spool_pid == getpid())
		return 0;
	fd_ok = spool_fd_ok();
	spool_forget_parent(parent, fd_ok);
	/* the child's own file next: the parent's header is copied */
	spool_hdr = NULL;
	if (fd_ok)
		close(spool_fd);
	spool_fd = -1;
	spool_open();
	if (spool_hdr)
		spool_fill(parent);
	munmap(parent, spool_hdr_len);
	if (spool_hdr)
		spool_publish();
	errno = saved_errno;
	return 1;
}

void spool_exit(void)
{
	if (!spool_hdr || spool_pid != getpid())
		return;
	/* unlinked before the lock goes: a reader sees one or the other */
	unlink(spool_path);
	rmdir(spool_dir);
}

int spool_in_use(void)
{
	return spool_hdr && spool_fd_ok();
}

/*
 * The "spool" setting is FTRACE_SPOOL, which spool_init() has read before
 * anything could be recorded; the settings write it again (as the
 * absolute path spool_init() made of it), and that changes nothing.
 * Another directory once the program runs is refused.
 */
static char spool_asked[PATH_MAX];

static int spool_write(const char *val)
{
	if (!strcmp(val, spool_asked) || !strcmp(val, spool_dir))
		return 0;
	tracefs_error("spool: only FTRACE_SPOOL at start-up names it");
	return -EBUSY;
}

static int spool_read(char *buf, size_t len)
{
	snprintf(buf, len, "%s\n", spool_hdr ? spool_path : "(none)");
	return 0;
}

static struct tracefs_file spool_file = {
	"spool", spool_write, spool_read,
};

/*
 * Before any ring is mapped (ring_buffer_init() runs at the same
 * priority, and claims nothing).  A spool needs an absolute directory: a
 * program may chdir() before it forks.
 */
static __init_core void spool_init(void)
{
	const char *dir = getenv(SPOOL_ENV);
	unsigned int cpu;
	int saved_errno = errno;

	tracefs_register(&spool_file);
	if (!dir || !*dir || getenv(SPOOL_FORMAT_ENV))
		return;
	snprintf(spool_asked, sizeof(spool_asked), "%s", dir);
	if (dir[0] == '/') {
		if (strlen(dir) >= sizeof(spool_dir))
			return;
		strcpy(spool_dir, dir);
	} else {
		if (!getcwd(spool_dir, sizeof(spool_dir)) ||
		    strlen(spool_dir) + strlen(dir) + 2 > sizeof(spool_dir))
			return;
		strcat(spool_dir, "/");
		strcat(spool_dir, dir);
		/* exec'd programs that run elsewhere find the same one */
		setenv(SPOOL_ENV, spool_dir, 1);
	}
	spool_page = sysconf(_SC_PAGESIZE);
	mkdir(spool_dir, 0700);
	spool_open();
	if (!spool_hdr)
		goto out;
	spool_hdr->clk_ns0 = ktime_get_ns();
	spool_hdr->clk_ts0 = trace_clock_local(&cpu);
	spool_fill(NULL);
	dl_iterate_phdr(spool_add_one, NULL);
	spool_publish();
out:
	errno = saved_errno;
}
