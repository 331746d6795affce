// Meridian's libxml2 binding. Documents are read by libxml2's push parser
// with SAX handlers that queue nodes without building a tree; a broken
// document can instead be parsed in recovery mode into a tree, then walked
// with libxml2's reader. Options used everywhere: XML_PARSE_NONET (no
// network), never XML_PARSE_NOENT and never XML_PARSE_DTDLOAD. An entity
// declaration stops the push parser (nothing is ever expanded, so
// billion-laughs documents cannot blow up). Errors are captured through
// structured handlers so that nothing is printed.
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

static struct {
#define MX_XML_FIELD(name) __typeof__(name) *name;
    MX_XML_FUNCTIONS(MX_XML_FIELD)
#undef MX_XML_FIELD
} mx_xml;
static const char *const mx_xml_symbols[] = {MX_XML_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof mx_xml == sizeof mx_xml_symbols / sizeof *mx_xml_symbols * sizeof(void *),
               "a pointer for each function");
static MRLibrary mx_xml_library = MR_LIBRARY("libxml2.so.2", "libxml2.2.dylib", mx_xml_symbols, mx_xml);
static char mx_xml_error[300];
static pthread_once_t mx_xml_loaded = PTHREAD_ONCE_INIT;

static void mx_xml_load(void) {
    const char *missing = mr_library_load(&mx_xml_library);
    if (missing) {
        snprintf(mx_xml_error, sizeof mx_xml_error, "libxml2 cannot be opened (apt-get install libxml2): %s is missing",
                 missing);
    }
}

const char *mx_library_error(void) {
    pthread_once(&mx_xml_loaded, mx_xml_load);
    return mx_xml_error[0] ? mx_xml_error : NULL;
}

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


static void mx_record_error(MXReader *mx, const xmlError *error) {
    // Namespace errors (an undeclared gx: prefix, common in real files) are
    // not errors for KML: the reader strips the prefix itself.
    if (error == NULL || error->level == XML_ERR_WARNING || error->domain == XML_FROM_NAMESPACE) return;
    if (mx->errorMessage != NULL) return;
    const char *message = error->message ? error->message : "XML error";
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) length--;
    mx->errorMessage = malloc(length + 1);
    if (mx->errorMessage != NULL) {
        memcpy(mx->errorMessage, message, length);
        mx->errorMessage[length] = 0;
    }
    mx->errorLine = error->line;
    mx->errorColumn = error->int2;
}

// The reader whose call into libxml2 is running on this thread. libxml2
// does not always pass the handler's own context back (entity content is
// parsed by a nested parser context), so the handler never trusts it.
static __thread MXReader *mx_current = NULL;

static void mx_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    if (mx_current != NULL) mx_record_error(mx_current, error);
}

static void mx_silent_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static void mx_keep(MXSource *source, const char *bytes, size_t length) {
    if (source->copyLimit == 0 || source->copyOverflowed || length == 0) return;
    if (source->copyLength + length > source->copyLimit) {
        source->copyOverflowed = 1;
        free(source->copy);
        source->copy = NULL;
        source->copyLength = 0;
        return;
    }
    unsigned char *grown = realloc(source->copy, source->copyLength + length);
    if (grown == NULL) {
        source->copyOverflowed = 1;
        return;
    }
    source->copy = grown;
    memcpy(source->copy + source->copyLength, bytes, length);
    source->copyLength += length;
}

static int mx_source_read(void *context, char *buffer, int length) {
    MXSource *source = context;
    if (length <= 0) return 0;
    if (source->newlines > 0) {
        size_t count = source->newlines < (size_t)length ? source->newlines : (size_t)length;
        memset(buffer, '\n', count);
        source->newlines -= count;
        mx_keep(source, buffer, count);
        return (int)count;
    }
    if (source->prefixOffset < source->prefixLength) {
        size_t left = source->prefixLength - source->prefixOffset;
        size_t count = left < (size_t)length ? left : (size_t)length;
        memcpy(buffer, source->prefix + source->prefixOffset, count);
        source->prefixOffset += count;
        mx_keep(source, buffer, count);
        return (int)count;
    }
    for (;;) {
        ssize_t count = read(source->descriptor, buffer, (size_t)length);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            source->readError = errno;
            return -1;
        }
        mx_keep(source, buffer, (size_t)count);
        return (int)count;
    }
}

static void mx_source_free(MXSource *source) {
    if (source == NULL) return;
    free(source->prefix);
    free(source->copy);
    free(source);
}

static int mx_push_done(MXReader *mx);

const unsigned char *mx_reader_copy(MXReader *mx, size_t *length) {
    if (mx->source == NULL || !mx_push_done(mx) || mx->source->copyOverflowed || mx->source->copyLimit == 0) {
        *length = 0;
        return NULL;
    }
    *length = mx->source->copyLength;
    return mx->source->copy;
}

int mx_reader_read_error(MXReader *mx) {
    return mx->source == NULL || !mx_push_done(mx) ? 0 : mx->source->readError;
}

MXReader *mx_reader_open_recovering(const char *bytes, size_t length, const char *url) {
    if (mx_library_error() != NULL) return NULL;
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    if (length > (size_t)0x7fffffff) return NULL;
    MXReader *mx = calloc(1, sizeof(MXReader));
    if (mx == NULL) return NULL;
    xmlParserCtxtPtr context = xmlNewParserCtxt();
    if (context == NULL) {
        free(mx);
        return NULL;
    }
    if (context->sax != NULL) {
        context->sax->serror = mx_structured_error;
        context->sax->initialized = XML_SAX2_MAGIC;
    }
    context->userData = context;
    mx_current = mx;
    xmlSetStructuredErrorFunc(mx, mx_structured_error);
    xmlDocPtr document = xmlCtxtReadMemory(context, bytes, (int)length, url, NULL, mx_options | XML_PARSE_RECOVER);
    xmlSetStructuredErrorFunc(NULL, NULL);
    mx_current = NULL;
    if (mx->errorMessage == NULL && context->lastError.code != XML_ERR_OK) {
        mx_record_error(mx, &context->lastError);
    }
    xmlFreeParserCtxt(context);
    if (document == NULL || xmlDocGetRootElement(document) == NULL) {
        if (document != NULL) xmlFreeDoc(document);
        mx->document = NULL;
        mx->reader = NULL;
        return mx;  // the caller reads the error and frees
    }
    mx->document = document;
    mx->reader = xmlReaderWalker(document);
    return mx;
}

// MARK: - The push engine (readers on memory and on descriptors)

enum { MX_CHUNK = 65536 };

static int mx_grow(void **array, int *capacity, int count, size_t size) {
    if (count < *capacity) return 1;
    int grown = *capacity < 64 ? 64 : *capacity * 2;
    void *moved = realloc(*array, (size_t)grown * size);
    if (moved == NULL) return 0;
    *array = moved;
    *capacity = grown;
    return 1;
}

static MXBatch *mx_filling(MXPush *p) { return &p->batches[p->producing]; }

static void mx_fail(MXPush *p) {
    p->failed = 1;
    xmlStopParser(p->context);
}

static int mx_reserve(MXPush *p, size_t extra) {
    MXBatch *b = mx_filling(p);
    if (b->arenaLength + extra <= b->arenaCapacity) return 1;
    size_t grown = b->arenaCapacity < 4096 ? 4096 : b->arenaCapacity;
    while (grown < b->arenaLength + extra) grown *= 2;
    char *moved = realloc(b->arena, grown);
    if (moved == NULL) {
        mx_fail(p);
        return 0;
    }
    b->arena = moved;
    b->arenaCapacity = grown;
    return 1;
}

// Appends bytes and a NUL to the arena; returns their offset, or SIZE_MAX
// when memory ran out.
static size_t mx_store(MXPush *p, const xmlChar *bytes, size_t length) {
    if (!mx_reserve(p, length + 1)) return (size_t)-1;
    MXBatch *batch = mx_filling(p);
    size_t offset = batch->arenaLength;
    memcpy(batch->arena + offset, bytes, length);
    batch->arena[offset + length] = 0;
    batch->arenaLength += length + 1;
    return offset;
}

static MXEvent *mx_event(MXPush *p, int type) {
    MXBatch *b = mx_filling(p);
    if (p->failed || !mx_grow((void **)&b->events, &b->eventCapacity, b->eventCount, sizeof(MXEvent))) {
        mx_fail(p);
        return NULL;
    }
    MXEvent *event = &b->events[b->eventCount++];
    memset(event, 0, sizeof(MXEvent));
    event->type = type;
    event->depth = p->depth;
    event->line = p->context->input != NULL ? p->context->input->line : 0;
    return event;
}

// Stores an attribute: its interned name and a copy of its value.
static void mx_attribute(
    MXPush *p, const xmlChar *prefix, const xmlChar *local, const xmlChar *value, size_t valueLength) {
    size_t stored = mx_store(p, value, valueLength);
    MXBatch *b = mx_filling(p);
    if (stored == (size_t)-1) return;
    if (!mx_grow((void **)&b->attributes, &b->attributeCapacity, b->attributeCount, sizeof(MXAttribute))) {
        mx_fail(p);
        return;
    }
    b->attributes[b->attributeCount++] = (MXAttribute){prefix, local, stored, valueLength};
}

static void mx_sax_start(
    void *user, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri, int namespaceCount,
    const xmlChar **namespaces, int attributeCount, int defaulted, const xmlChar **attributes) {
    (void)defaulted;
    MXPush *p = ((MXReader *)user)->push;
    MXEvent *event = mx_event(p, MX_NODE_ELEMENT);
    if (event == NULL) return;
    event->localName = localName;
    event->prefix = prefix;
    event->namespaceUri = uri;
    int line = event->line;
    // The event may move as the batch grows: keep its index.
    int index = mx_filling(p)->eventCount - 1;
    int attributeStart = mx_filling(p)->attributeCount;
    // Namespace declarations first, as xmlns attributes, then attributes:
    // the order libxml2's reader lists them in.
    for (int i = 0; i < namespaceCount; i++) {
        const xmlChar *declared = namespaces[2 * i];
        const xmlChar *value = namespaces[2 * i + 1] != NULL ? namespaces[2 * i + 1] : (const xmlChar *)"";
        const xmlChar *xmlns = (const xmlChar *)"xmlns";
        mx_attribute(p, declared != NULL ? xmlns : NULL, declared != NULL ? declared : xmlns, value, strlen((const char *)value));
    }
    for (int i = 0; i < attributeCount; i++) {
        const xmlChar **attribute = attributes + 5 * i;
        mx_attribute(p, attribute[1], attribute[0], attribute[3], (size_t)(attribute[4] - attribute[3]));
    }
    if (p->failed) return;
    MXBatch *b = mx_filling(p);
    event = &b->events[index];
    event->attributeStart = attributeStart;
    event->attributeCount = b->attributeCount - attributeStart;
    if (!mx_grow((void **)&p->lines, &p->lineCapacity, p->depth, sizeof(int))) {
        mx_fail(p);
        return;
    }
    p->lines[p->depth] = line;
    p->depth += 1;
}

static void mx_sax_end(void *user, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri) {
    (void)localName;
    (void)prefix;
    (void)uri;
    MXPush *p = ((MXReader *)user)->push;
    p->depth -= 1;
    // An element with nothing inside is one empty node, as the reader gives it.
    MXBatch *b = mx_filling(p);
    if (b->eventCount > 0) {
        MXEvent *last = &b->events[b->eventCount - 1];
        if (last->type == MX_NODE_ELEMENT && last->depth == p->depth) {
            last->isEmpty = 1;
            return;
        }
    }
    MXEvent *event = mx_event(p, MX_NODE_END_ELEMENT);
    if (event != NULL && p->depth < p->lineCapacity) event->line = p->lines[p->depth];
}

static int mx_is_blank(const xmlChar *text, int length) {
    for (int i = 0; i < length; i++) {
        xmlChar c = text[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return 0;
    }
    return 1;
}

// Text arrives in pieces (around character references and at chunk ends):
// a piece that follows text of the same kind extends it.
static void mx_text(MXPush *p, const xmlChar *text, int length, int isCDATA) {
    if (length <= 0) return;
    int blank = !isCDATA && mx_is_blank(text, length);
    MXBatch *b = mx_filling(p);
    if (b->eventCount > 0) {
        MXEvent *last = &b->events[b->eventCount - 1];
        int lastIsText = last->type == MX_NODE_TEXT || last->type == MX_NODE_SIGNIFICANT_WHITESPACE;
        if ((isCDATA ? last->type == MX_NODE_CDATA : lastIsText) && last->depth == p->depth) {
            if (!mx_reserve(p, (size_t)length)) return;
            memcpy(b->arena + b->arenaLength - 1, text, (size_t)length);
            b->arenaLength += (size_t)length;
            b->arena[b->arenaLength - 1] = 0;
            last->length += (size_t)length;
            if (!blank && last->type == MX_NODE_SIGNIFICANT_WHITESPACE) last->type = MX_NODE_TEXT;
            return;
        }
    }
    int type = isCDATA ? MX_NODE_CDATA : (blank ? MX_NODE_SIGNIFICANT_WHITESPACE : MX_NODE_TEXT);
    if (mx_event(p, type) == NULL) return;
    size_t stored = mx_store(p, text, (size_t)length);
    MXEvent *event = &b->events[b->eventCount - 1];
    event->text = stored;
    event->length = (size_t)length;
}

static void mx_sax_characters(void *user, const xmlChar *text, int length) {
    mx_text(((MXReader *)user)->push, text, length, 0);
}

static void mx_sax_cdata(void *user, const xmlChar *text, int length) {
    mx_text(((MXReader *)user)->push, text, length, 1);
}

// A declared entity: queued as an entity reference (which the reader
// refuses) and the parse stops; nothing is ever expanded.
static void mx_sax_entity(
    void *user, const xmlChar *name, int type, const xmlChar *publicId, const xmlChar *systemId, xmlChar *content) {
    (void)name;
    (void)type;
    (void)publicId;
    (void)systemId;
    (void)content;
    MXPush *p = ((MXReader *)user)->push;
    mx_event(p, MX_NODE_ENTITY_REFERENCE);
    p->stopped = 1;
    xmlStopParser(p->context);
}

static void mx_batch_free(MXBatch *b) {
    free(b->events);
    free(b->attributes);
    free(b->arena);
}

// Frees the reader once both the reader and the parser thread let go.
static void mx_release(MXReader *mx) {
    MXPush *p = mx->push;
    pthread_mutex_lock(&p->lock);
    int last = --p->references == 0;
    pthread_mutex_unlock(&p->lock);
    if (!last) return;
    if (p->context != NULL) xmlFreeParserCtxt(p->context);
    for (int i = 0; i < MX_BATCHES; i++) mx_batch_free(&p->batches[i]);
    free(p->lines);
    free(p->name);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->changed);
    free(p);
    if (mx->source != NULL) {
        if (mx->source->descriptor >= 0) close(mx->source->descriptor);
        mx_source_free(mx->source);
    }
    free(mx->errorMessage);
    free(mx);
}

// Parses the next chunk into the batch being filled; 1 when the document
// continues, 0 at its end, -1 on an error.
static int mx_parse_chunk(MXReader *mx, char *chunk) {
    MXPush *p = mx->push;
    const char *bytes;
    int count;
    int last;
    if (mx->source == NULL) {
        size_t left = p->memoryLength - p->memoryOffset;
        count = left < MX_CHUNK ? (int)left : MX_CHUNK;
        bytes = p->memory + p->memoryOffset;
        p->memoryOffset += (size_t)count;
        last = p->memoryOffset == p->memoryLength;
    } else {
        count = mx_source_read(mx->source, chunk, MX_CHUNK);
        if (count < 0) return -1;
        bytes = chunk;
        last = count == 0;
    }
    mx_current = mx;
    xmlParseChunk(p->context, bytes, count, last);
    mx_current = NULL;
    if (p->failed) {
        if (mx->errorMessage == NULL) mx->errorMessage = strdup("out of memory");
        return -1;
    }
    if (p->stopped) return 0;
    if (!p->context->wellFormed) return -1;
    return last ? 0 : 1;
}

// The parser thread: fills the two batches in turn, each with the nodes of
// at least one chunk, until the document ends, fails or the reader is freed.
static void *mx_parse(void *argument) {
    MXReader *mx = argument;
    MXPush *p = mx->push;
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    char *chunk = mx->source != NULL ? malloc(MX_CHUNK) : NULL;
    int result = mx->source != NULL && chunk == NULL ? -1 : 1;
    if (result < 0 && mx->errorMessage == NULL) mx->errorMessage = strdup("out of memory");
    while (result == 1) {
        pthread_mutex_lock(&p->lock);
        while (p->batches[p->producing].state != MX_BATCH_FREE && !p->cancelled) pthread_cond_wait(&p->changed, &p->lock);
        int cancelled = p->cancelled;
        pthread_mutex_unlock(&p->lock);
        if (cancelled) break;
        MXBatch *b = mx_filling(p);
        b->eventCount = 0;
        b->attributeCount = 0;
        b->arenaLength = 0;
        do {
            result = mx_parse_chunk(mx, chunk);
        } while (result == 1 && b->eventCount == 0);
        pthread_mutex_lock(&p->lock);
        if (b->eventCount > 0) {
            b->state = MX_BATCH_FILLED;
            p->producing = (p->producing + 1) % MX_BATCHES;
        }
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
    free(chunk);
    pthread_mutex_lock(&p->lock);
    p->done = 1;
    p->result = result < 0 ? -1 : 0;
    p->lastLine = p->context->input != NULL ? p->context->input->line : 0;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    mx_release(mx);
    return NULL;
}

// True once the parser thread has finished (its results are then safe to read).
static int mx_push_done(MXReader *mx) {
    if (mx->push == NULL) return 1;
    pthread_mutex_lock(&mx->push->lock);
    int done = mx->push->done;
    pthread_mutex_unlock(&mx->push->lock);
    return done;
}

static MXReader *mx_push_open(const char *memory, size_t length, MXSource *source, const char *url) {
    if (mx_library_error() != NULL) return NULL;
    xmlInitParser();
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    MXReader *mx = calloc(1, sizeof(MXReader));
    MXPush *p = calloc(1, sizeof(MXPush));
    if (mx == NULL || p == NULL) {
        free(mx);
        free(p);
        return NULL;
    }
    mx->push = p;
    p->memory = memory;
    p->memoryLength = length;
    p->consuming = -1;
    p->current = -1;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof(handler));
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = mx_sax_start;
    handler.endElementNs = mx_sax_end;
    handler.characters = mx_sax_characters;
    handler.ignorableWhitespace = mx_sax_characters;
    handler.cdataBlock = mx_sax_cdata;
    handler.entityDecl = mx_sax_entity;
    handler.serror = mx_structured_error;
    p->context = xmlCreatePushParserCtxt(&handler, mx, NULL, 0, url);
    if (p->context == NULL) {
        free(p);
        free(mx);
        return NULL;
    }
    xmlCtxtUseOptions(p->context, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->changed, NULL);
    p->references = 2;
    mx->source = source;
    if (pthread_create(&p->thread, NULL, mx_parse, mx) != 0) {
        mx->source = NULL;  // the caller frees it
        p->references = 1;
        mx_release(mx);
        return NULL;
    }
    return mx;
}

static int mx_push_next(MXReader *mx, MXNode *node) {
    MXPush *p = mx->push;
    if (p->consuming < 0 || p->next >= p->batches[p->consuming].eventCount) {
        pthread_mutex_lock(&p->lock);
        int wanted = 0;
        if (p->consuming >= 0) {
            p->batches[p->consuming].state = MX_BATCH_FREE;
            wanted = (p->consuming + 1) % MX_BATCHES;
            pthread_cond_broadcast(&p->changed);
        }
        while (p->batches[wanted].state != MX_BATCH_FILLED && !p->done) pthread_cond_wait(&p->changed, &p->lock);
        int filled = p->batches[wanted].state == MX_BATCH_FILLED;
        if (filled) p->batches[wanted].state = MX_BATCH_READING;
        int result = p->result;
        pthread_mutex_unlock(&p->lock);
        if (!filled) {
            p->consuming = -1;
            p->current = -1;
            return result;
        }
        p->consuming = wanted;
        p->next = 0;
    }
    MXBatch *b = &p->batches[p->consuming];
    p->current = p->next++;
    MXEvent *event = &b->events[p->current];
    node->type = event->type;
    node->depth = event->depth;
    node->isEmpty = event->isEmpty;
    node->localName = event->localName;
    node->namespaceUri = event->namespaceUri;
    node->line = event->line;
    node->attributeCount = event->attributeCount;
    int isText = event->type == MX_NODE_TEXT || event->type == MX_NODE_CDATA || event->type == MX_NODE_SIGNIFICANT_WHITESPACE;
    node->value = isText ? (MXBytes){(const unsigned char *)b->arena + event->text, event->length} : (MXBytes){NULL, 0};
    return 1;
}

static MXEvent *mx_push_current(MXReader *mx, MXBatch **batch) {
    MXPush *p = mx->push;
    if (p->consuming < 0 || p->current < 0) return NULL;
    *batch = &p->batches[p->consuming];
    return &(*batch)->events[p->current];
}

MXReader *mx_reader_open_memory(const char *bytes, size_t length, const char *url) {
    return mx_push_open(bytes, length, NULL, url);
}

MXReader *mx_reader_open_descriptor(
    int descriptor, const char *prefix, size_t prefixLength, size_t leadingNewlines, size_t copyLimit,
    const char *url) {
    MXSource *source = calloc(1, sizeof(MXSource));
    if (source == NULL) return NULL;
    // The parser thread reads its own duplicate of the descriptor, which
    // it closes when done: the caller may close its own at any time.
    source->descriptor = dup(descriptor);
    source->newlines = leadingNewlines;
    source->copyLimit = copyLimit;
    if (source->descriptor < 0) {
        free(source);
        return NULL;
    }
    if (prefixLength > 0) {
        source->prefix = malloc(prefixLength);
        if (source->prefix == NULL) {
            close(source->descriptor);
            free(source);
            return NULL;
        }
        memcpy(source->prefix, prefix, prefixLength);
        source->prefixLength = prefixLength;
    }
    MXReader *mx = mx_push_open(NULL, 0, source, url);
    if (mx == NULL) {
        close(source->descriptor);
        mx_source_free(source);
    }
    return mx;
}

// MARK: - Both engines

void mx_reader_free(MXReader *mx) {
    if (mx == NULL) return;
    if (mx->push != NULL) {
        MXPush *p = mx->push;
        pthread_mutex_lock(&p->lock);
        p->cancelled = 1;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
        // Bytes in memory belong to the caller: wait until the parser
        // thread has let go of them. A descriptor's thread may be waiting
        // on a slow pipe; it finishes on its own.
        if (mx->source == NULL) {
            pthread_join(p->thread, NULL);
        } else {
            pthread_detach(p->thread);
        }
        mx_release(mx);
        return;
    }
    if (mx->reader != NULL) xmlFreeTextReader(mx->reader);
    if (mx->document != NULL) xmlFreeDoc(mx->document);
    mx_source_free(mx->source);
    free(mx->errorMessage);
    free(mx);
}

// The walker's node's line (0 when libxml2 did not record it).
static int mx_walker_line(MXReader *mx) {
    xmlNodePtr node = xmlTextReaderCurrentNode(mx->reader);
    long line = node != NULL ? xmlGetLineNo(node) : -1;
    return line > 0 ? (int)line : 0;
}

static MXBytes mx_bytes(const xmlChar *text) {
    return (MXBytes){text, text != NULL ? strlen((const char *)text) : 0};
}

int mx_reader_next(MXReader *mx, MXNode *node) {
    if (mx->push != NULL) return mx_push_next(mx, node);
    if (mx->reader == NULL) return -1;
    mx_current = mx;
    int result = xmlTextReaderRead(mx->reader);
    mx_current = NULL;
    if (result != 1) return result;
    xmlTextReaderPtr reader = mx->reader;
    int type = xmlTextReaderNodeType(reader);
    memset(node, 0, sizeof(MXNode));
    node->type = type;
    node->line = mx_walker_line(mx);
    if (type == XML_READER_TYPE_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
        node->isEmpty = xmlTextReaderIsEmptyElement(reader);
        node->localName = xmlTextReaderConstLocalName(reader);
        node->namespaceUri = xmlTextReaderConstNamespaceUri(reader);
        node->attributeCount = xmlTextReaderAttributeCount(reader);
    } else if (type == XML_READER_TYPE_END_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
    } else if (type == MX_NODE_TEXT || type == MX_NODE_CDATA || type == MX_NODE_WHITESPACE ||
               type == MX_NODE_SIGNIFICANT_WHITESPACE) {
        node->value = mx_bytes(xmlTextReaderConstValue(reader));
    }
    return result;
}

// `prefix:local`, or `local` when there is no prefix (valid until the next call).
static MXBytes mx_qualified(MXPush *p, const xmlChar *prefix, const xmlChar *local) {
    size_t localLength = strlen((const char *)local);
    if (prefix == NULL) return (MXBytes){local, localLength};
    size_t prefixLength = strlen((const char *)prefix);
    size_t length = prefixLength + 1 + localLength;
    if (length > p->nameCapacity) {
        char *grown = realloc(p->name, length);
        if (grown == NULL) return (MXBytes){local, localLength};
        p->name = grown;
        p->nameCapacity = length;
    }
    memcpy(p->name, prefix, prefixLength);
    p->name[prefixLength] = ':';
    memcpy(p->name + prefixLength + 1, local, localLength);
    return (MXBytes){(const unsigned char *)p->name, length};
}

MXBytes mx_reader_name(MXReader *mx) {
    if (mx->push == NULL) return mx_bytes(xmlTextReaderConstName(mx->reader));
    MXBatch *b;
    MXEvent *event = mx_push_current(mx, &b);
    if (event == NULL || event->type != MX_NODE_ELEMENT) return (MXBytes){NULL, 0};
    return mx_qualified(mx->push, event->prefix, event->localName);
}

void mx_reader_attribute(MXReader *mx, int index, MXBytes *name, MXBytes *value) {
    *name = (MXBytes){NULL, 0};
    *value = (MXBytes){NULL, 0};
    if (mx->push == NULL) {
        if (xmlTextReaderMoveToAttributeNo(mx->reader, index) != 1) return;
        *name = mx_bytes(xmlTextReaderConstName(mx->reader));
        *value = mx_bytes(xmlTextReaderConstValue(mx->reader));
        xmlTextReaderMoveToElement(mx->reader);
        return;
    }
    MXBatch *b;
    MXEvent *event = mx_push_current(mx, &b);
    if (event == NULL || index < 0 || index >= event->attributeCount) return;
    MXAttribute *attribute = &b->attributes[event->attributeStart + index];
    *name = mx_qualified(mx->push, attribute->prefix, attribute->localName);
    *value = (MXBytes){(const unsigned char *)b->arena + attribute->value, attribute->valueLength};
}

int mx_reader_line(MXReader *mx) {
    if (mx->push != NULL) return mx_push_done(mx) ? mx->push->lastLine : 0;
    return mx_walker_line(mx);
}

const char *mx_reader_error_message(MXReader *mx) { return mx_push_done(mx) ? mx->errorMessage : NULL; }
int mx_reader_error_line(MXReader *mx) { return mx->errorLine; }
int mx_reader_error_column(MXReader *mx) { return mx->errorColumn; }
