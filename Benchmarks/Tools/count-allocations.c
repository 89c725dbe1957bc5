// Counts the heap allocations of each thread, for `peach-bench live-path` (it reads the count of
// its own thread around each event through peach_thread_allocations). Preload it:
//   cc -shared -fPIC -O2 -o /tmp/count-allocations.so Benchmarks/Tools/count-allocations.c
//   LD_PRELOAD=/tmp/count-allocations.so peach-bench live-path
// The counter is initial-exec TLS: a dynamic TLS block would itself be allocated on first use.
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread unsigned long long allocations __attribute__((tls_model("initial-exec")));

unsigned long long peach_thread_allocations(void) { return allocations; }

void *malloc(size_t size) { allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocations++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { allocations++; return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
