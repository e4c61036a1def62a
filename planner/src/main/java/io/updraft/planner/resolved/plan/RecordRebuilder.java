package io.updraft.planner.resolved.plan;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.function.UnaryOperator;

/**
 * Rebuilds a plan or expression record through its canonical constructor with every component passed through a
 * visitor: the generic copy behind {@link FreshIds} and {@link PlanCanonicalizer} (planning time only, never on
 * the engine's hot path). The constructor's checks run again on the new values.
 */
final class RecordRebuilder {
    private RecordRebuilder() {
    }

    static Object rebuild(Record record, UnaryOperator<Object> visitor) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = visitor.apply(components[i].getAccessor().invoke(record));
            }
            Constructor<?> constructor = record.getClass().getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot rebuild " + record.getClass().getSimpleName() + ": "
                    + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot rebuild " + record.getClass().getSimpleName(), e);
        }
    }
}
