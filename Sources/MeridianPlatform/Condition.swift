/// A mutex with a condition variable (POSIX threads), for the few places
/// where threads hand work to each other: lock, wait until told, broadcast.
import MeridianLibC

package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits (the lock held) until another thread broadcasts.
    package func wait() { pthread_cond_wait(condition, mutex) }

    package func broadcast() { pthread_cond_broadcast(condition) }
}
