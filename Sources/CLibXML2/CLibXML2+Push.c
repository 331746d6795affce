// The push engine: libxml2's push parser on a thread of its own, its SAX
// handlers queueing nodes into a ring of batches that the reader takes.
#include "CLibXML2Internal.h"

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

// Decodes the references libxml2's SAX2 callback leaves in an attribute
// value when entities are not substituted (never, here): the five
// predefined entities and character references, written in place (a
// reference is never shorter than its character's UTF-8). Returns the new
// length; other references stay as written.
static size_t mx_decode_references(xmlChar *text, size_t length) {
    size_t in = 0, out = 0;
    while (in < length) {
        if (text[in] != '&') {
            text[out++] = text[in++];
            continue;
        }
        size_t end = in + 1;
        while (end < length && end - in < 12 && text[end] != ';') end++;
        if (end >= length || text[end] != ';') {
            text[out++] = text[in++];
            continue;
        }
        const char *name = (const char *)text + in + 1;
        size_t nameLength = end - in - 1;
        unsigned long code = 0;
        int ok = 1;
        if (nameLength >= 2 && name[0] == '#') {
            int hex = name[1] == 'x';
            size_t start = hex ? 2 : 1;
            if (start >= nameLength) ok = 0;
            for (size_t i = start; ok && i < nameLength; i++) {
                char c = name[i];
                int digit = c >= '0' && c <= '9' ? c - '0'
                            : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                            : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                          : -1;
                if (digit < 0) ok = 0;
                else code = code * (hex ? 16 : 10) + (unsigned long)digit;
                if (code > 0x10FFFF) ok = 0;
            }
            if (code == 0 || (code >= 0xD800 && code <= 0xDFFF)) ok = 0;
        } else if (nameLength == 3 && memcmp(name, "amp", 3) == 0) code = '&';
        else if (nameLength == 2 && memcmp(name, "lt", 2) == 0) code = '<';
        else if (nameLength == 2 && memcmp(name, "gt", 2) == 0) code = '>';
        else if (nameLength == 4 && memcmp(name, "quot", 4) == 0) code = '"';
        else if (nameLength == 4 && memcmp(name, "apos", 4) == 0) code = '\'';
        else ok = 0;
        if (!ok) {
            text[out++] = text[in++];
            continue;
        }
        if (code < 0x80) {
            text[out++] = (xmlChar)code;
        } else if (code < 0x800) {
            text[out++] = (xmlChar)(0xC0 | (code >> 6));
            text[out++] = (xmlChar)(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            text[out++] = (xmlChar)(0xE0 | (code >> 12));
            text[out++] = (xmlChar)(0x80 | ((code >> 6) & 0x3F));
            text[out++] = (xmlChar)(0x80 | (code & 0x3F));
        } else {
            text[out++] = (xmlChar)(0xF0 | (code >> 18));
            text[out++] = (xmlChar)(0x80 | ((code >> 12) & 0x3F));
            text[out++] = (xmlChar)(0x80 | ((code >> 6) & 0x3F));
            text[out++] = (xmlChar)(0x80 | (code & 0x3F));
        }
        in = end + 1;
    }
    return out;
}

// Stores an attribute: its interned name and a copy of its value, its
// references decoded.
static void mx_attribute(
    MXPush *p, const xmlChar *prefix, const xmlChar *local, const xmlChar *value, size_t valueLength) {
    size_t stored = mx_store(p, value, valueLength);
    if (stored != (size_t)-1 && memchr(value, '&', valueLength) != NULL) {
        MXBatch *filled = mx_filling(p);
        xmlChar *copy = (xmlChar *)filled->arena + stored;
        valueLength = mx_decode_references(copy, valueLength);
        copy[valueLength] = 0;
    }
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
void mx_release(MXReader *mx) {
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
int mx_push_done(MXReader *mx) {
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

int mx_push_next(MXReader *mx, MXNode *node) {
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

MXEvent *mx_push_current(MXReader *mx, MXBatch **batch) {
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

