package io.updraft.core.typed;

import io.updraft.core.error.UpdraftException;

import java.util.concurrent.Callable;

/** Calls into user functions: their exceptions become USER errors carrying them. Stateless. */
final class UserCalls {
    private UserCalls() {
    }

    static <T> T call(Callable<T> call) {
        try {
            return call.call();
        } catch (UpdraftException e) {
            throw e;
        } catch (Exception e) {
            throw UpdraftException.user("a user function failed: " + e, e);
        }
    }
}
