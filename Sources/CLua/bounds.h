// Placeholder: filled in below.
#ifndef GAMEHOST_CLUA_BOUNDS_H
#define GAMEHOST_CLUA_BOUNDS_H
#endif
