from tiles.elementwise import scale_tile
from tiles.persistent import walk_tiles
