package android.os

// Only as far as `CredentialManager.getCredentialAsync` takes one.

/**
 * Stands for `android.os.CancellationSignal`: lets the caller give up on an operation it
 * started. Once cancelled it stays cancelled.
 */
class CancellationSignal {
    private var canceled = false
    private var listener: OnCancelListener? = null

    /** Whether [cancel] has been called. */
    val isCanceled: Boolean
        get() = synchronized(this) { canceled }

    /** Cancels the operation and tells the listener, once. */
    fun cancel() {
        val toTell = synchronized(this) {
            if (canceled) return
            canceled = true
            listener
        }
        toTell?.onCancel()
    }

    /** Sets the listener told of the cancellation; told at once when the signal is cancelled already. */
    fun setOnCancelListener(listener: OnCancelListener?) {
        val cancelledAlready = synchronized(this) {
            this.listener = listener
            canceled
        }
        if (cancelledAlready) listener?.onCancel()
    }

    /** Told when the operation is cancelled. */
    interface OnCancelListener {
        /** The signal was cancelled. */
        fun onCancel()
    }
}
