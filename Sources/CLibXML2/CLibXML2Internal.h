// What the two halves of the libxml2 binding share (CLibXML2.c: the
// library, errors, byte sources, the recovery walker and the reader calls;
// CLibXML2+Push.c: the push engine). Not part of the module's interface.
#ifndef MERIDIAN_CLIBXML2_INTERNAL_H
#define MERIDIAN_CLIBXML2_INTERNAL_H

#include "CLibXML2.h"
#include "CLibraryLoader.h"
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// libxml2 is opened when the first XML document is, not linked: linking it
// loads libxml2, ICU and liblzma at every start of every command (about
// 0.9 ms here). Its headers give the types and constants; its functions are
// called through this table, each under its own name.
#define MX_XML_FUNCTIONS(X)                                                                                   \
    X(xmlCreatePushParserCtxt) X(xmlCtxtReadMemory) X(xmlCtxtUseOptions) X(xmlDocGetRootElement)             \
    X(xmlFreeDoc) X(xmlFreeParserCtxt) X(xmlFreeTextReader) X(xmlGetLineNo) X(xmlInitParser)                 \
    X(xmlNewParserCtxt) X(xmlParseChunk) X(xmlReaderWalker) X(xmlSetGenericErrorFunc)                        \
    X(xmlSetStructuredErrorFunc) X(xmlStopParser) X(xmlTextReaderAttributeCount)                             \
    X(xmlTextReaderConstLocalName) X(xmlTextReaderConstName) X(xmlTextReaderConstNamespaceUri)              \
    X(xmlTextReaderConstValue) X(xmlTextReaderCurrentNode) X(xmlTextReaderDepth)                            \
    X(xmlTextReaderIsEmptyElement) X(xmlTextReaderMoveToAttributeNo) X(xmlTextReaderMoveToElement)          \
    X(xmlTextReaderNodeType) X(xmlTextReaderRead)

typedef struct {
#define MX_XML_FIELD(name) __typeof__(name) *name;
    MX_XML_FUNCTIONS(MX_XML_FIELD)
#undef MX_XML_FIELD
} MXXMLFunctions;
extern MXXMLFunctions mx_xml;

// From here on, each libxml2 function named is the one in the table.
#define MX_XML_CALL(name) mx_xml.name
#define xmlCreatePushParserCtxt MX_XML_CALL(xmlCreatePushParserCtxt)
#define xmlCtxtReadMemory MX_XML_CALL(xmlCtxtReadMemory)
#define xmlCtxtUseOptions MX_XML_CALL(xmlCtxtUseOptions)
#define xmlDocGetRootElement MX_XML_CALL(xmlDocGetRootElement)
#define xmlFreeDoc MX_XML_CALL(xmlFreeDoc)
#define xmlFreeParserCtxt MX_XML_CALL(xmlFreeParserCtxt)
#define xmlFreeTextReader MX_XML_CALL(xmlFreeTextReader)
#define xmlGetLineNo MX_XML_CALL(xmlGetLineNo)
#define xmlInitParser MX_XML_CALL(xmlInitParser)
#define xmlNewParserCtxt MX_XML_CALL(xmlNewParserCtxt)
#define xmlParseChunk MX_XML_CALL(xmlParseChunk)
#define xmlReaderWalker MX_XML_CALL(xmlReaderWalker)
#define xmlSetGenericErrorFunc MX_XML_CALL(xmlSetGenericErrorFunc)
#define xmlSetStructuredErrorFunc MX_XML_CALL(xmlSetStructuredErrorFunc)
#define xmlStopParser MX_XML_CALL(xmlStopParser)
#define xmlTextReaderAttributeCount MX_XML_CALL(xmlTextReaderAttributeCount)
#define xmlTextReaderConstLocalName MX_XML_CALL(xmlTextReaderConstLocalName)
#define xmlTextReaderConstName MX_XML_CALL(xmlTextReaderConstName)
#define xmlTextReaderConstNamespaceUri MX_XML_CALL(xmlTextReaderConstNamespaceUri)
#define xmlTextReaderConstValue MX_XML_CALL(xmlTextReaderConstValue)
#define xmlTextReaderCurrentNode MX_XML_CALL(xmlTextReaderCurrentNode)
#define xmlTextReaderDepth MX_XML_CALL(xmlTextReaderDepth)
#define xmlTextReaderIsEmptyElement MX_XML_CALL(xmlTextReaderIsEmptyElement)
#define xmlTextReaderMoveToAttributeNo MX_XML_CALL(xmlTextReaderMoveToAttributeNo)
#define xmlTextReaderMoveToElement MX_XML_CALL(xmlTextReaderMoveToElement)
#define xmlTextReaderNodeType MX_XML_CALL(xmlTextReaderNodeType)
#define xmlTextReaderRead MX_XML_CALL(xmlTextReaderRead)

// The byte source of a reader opened on a file descriptor: newlines that
// stand for leading blank lines skipped while sniffing, then bytes already
// read, then the descriptor. Up to `copyLimit` bytes are also kept, so that
// a stream that cannot be read twice can still be recovered.
typedef struct {
    int descriptor;
    size_t newlines;
    unsigned char *prefix;
    size_t prefixLength;
    size_t prefixOffset;
    unsigned char *copy;
    size_t copyLength;
    size_t copyLimit;
    int copyOverflowed;
    int readError;
} MXSource;

// One node the push parser reported, queued until Swift reads it. Text and
// names live in its batch's arena (offsets, so the arena may grow).
typedef struct {
    int type;
    int depth;
    int isEmpty;
    int line;
    const xmlChar *localName;  // interned by the parser's dictionary
    const xmlChar *prefix;
    const xmlChar *namespaceUri;
    size_t text;  // arena offset of the text
    size_t length;
    int attributeStart;
    int attributeCount;
} MXEvent;

typedef struct {
    const xmlChar *prefix;  // interned by the parser's dictionary
    const xmlChar *localName;
    size_t value;  // arena offset
    size_t valueLength;
} MXAttribute;

// The nodes of about one chunk of input.
typedef struct {
    MXEvent *events;
    int eventCount;
    int eventCapacity;
    MXAttribute *attributes;
    int attributeCount;
    int attributeCapacity;
    char *arena;
    size_t arenaLength;
    size_t arenaCapacity;
    int state;  // MX_BATCH_*
} MXBatch;

enum { MX_BATCH_FREE, MX_BATCH_FILLED, MX_BATCH_READING };

// How many batches the parser thread may fill ahead of the reader.
enum { MX_BATCHES = 4 };

// The SAX engine: libxml2's push parser, on a thread of its own, with
// handlers that only queue nodes (no tree is built) into a ring of
// batches while Swift reads the one before.
typedef struct {
    xmlParserCtxtPtr context;
    const char *memory;  // the bytes of a reader opened on memory
    size_t memoryLength;
    size_t memoryOffset;
    // Parser thread only.
    int producing;  // the batch the handlers fill
    int depth;
    int *lines;  // the start line of each open element, by depth
    int lineCapacity;
    int stopped;  // an entity declaration stopped the parser
    int failed;  // out of memory
    // Shared, under `lock`.
    MXBatch batches[MX_BATCHES];
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int done;  // the parser thread has published its last batch
    int result;  // once done: 0 the end, -1 an error
    int lastLine;  // once done: the parser's line
    int cancelled;  // the reader was freed: stop parsing
    int references;  // the reader and the parser thread
    pthread_t thread;
    // Reader only.
    char *name;  // the last qualified name asked for
    size_t nameCapacity;
    int consuming;  // the batch being read, -1 before the first
    int next;  // its event mx_reader_next returns next
    int current;  // its event being read
} MXPush;

struct MXReader {
    xmlTextReaderPtr reader;
    MXPush *push;
    MXSource *source;
    xmlDocPtr document;  // owned when walking a recovered tree
    char *errorMessage;
    int errorLine;
    int errorColumn;
};

// The recovery parse's options. XML_PARSE_COMPACT keeps short text inside
// its node (one allocation less per text node); the walker never modifies
// the tree.
static const int mx_options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT;

// CLibXML2.c
extern __thread MXReader *mx_current;
void mx_structured_error(void *context, xmlErrorPtr error);
void mx_silent_generic_error(void *context, const char *message, ...);
int mx_source_read(void *context, char *buffer, int length);
void mx_source_free(MXSource *source);

// CLibXML2+Push.c
int mx_push_done(MXReader *mx);
int mx_push_next(MXReader *mx, MXNode *node);
MXEvent *mx_push_current(MXReader *mx, MXBatch **batch);
void mx_release(MXReader *mx);

#endif
