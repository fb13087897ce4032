package android.view

import android.content.Context

// Only as far as the identifier field's passkey suggestions need a view to be set on
// (`View.pendingGetCredentialRequest`, which keeps its request as a keyed tag, as on Android).

/** Stands for `android.view.View`: the identifier field the suggestions are set on. */
open class View(
    /** `getContext()`: the context the view was made with. */
    val context: Context
) {
    private val keyedTags = HashMap<Int, Any?>()

    /** The tag stored under [key], if any. */
    open fun getTag(key: Int): Any? = keyedTags[key]

    /** Stores [tag] under [key]; `null` removes it. */
    open fun setTag(key: Int, tag: Any?) {
        if (tag == null) keyedTags.remove(key) else keyedTags[key] = tag
    }
}
