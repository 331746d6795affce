#include <libxml/xmlreader.h>
#include <libxml/parser.h>
