// btlint: a small growable array with the macro interface grammar scanners use
// (Array(T), array_init, array_push, array_pop, array_back, array_get,
// array_reserve, array_delete, array_clear). Written for btlint.
#ifndef BTLINT_TREE_SITTER_ARRAY_COMPAT_H
#define BTLINT_TREE_SITTER_ARRAY_COMPAT_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define Array(T) struct { T *contents; uint32_t size; uint32_t capacity; }

#define array_init(self) ((self)->contents = NULL, (self)->size = 0, (self)->capacity = 0)
#define array_clear(self) ((self)->size = 0)
#define array_delete(self) (free((self)->contents), array_init(self))
#define array_get(self, index) (&(self)->contents[index])
#define array_back(self) array_get(self, (self)->size - 1)
#define array_pop(self) ((void)0, (self)->contents[--(self)->size])
#define array_reserve(self, new_capacity) \
  btlint_array_reserve((void **)&(self)->contents, &(self)->capacity, sizeof(*(self)->contents), new_capacity)
#define array_push(self, element)                                                            \
  (btlint_array_reserve((void **)&(self)->contents, &(self)->capacity, sizeof(*(self)->contents), \
                        (self)->size + 1 > (self)->capacity * 2 ? (self)->size + 1 : (self)->capacity * 2 > 8 ? (self)->capacity * 2 : 8), \
   (self)->contents[(self)->size++] = (element))

static inline void btlint_array_reserve(void **contents, uint32_t *capacity, size_t element_size,
                                        uint32_t wanted) {
  if (wanted <= *capacity) return;
  void *grown = realloc(*contents, (size_t)wanted * element_size);
  if (!grown) abort();
  *contents = grown;
  *capacity = wanted;
}
#endif
