package io.updraft.core.encoder;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Spark's {@code Encoders.bean}: one column per readable property, sorted by name, nullable unless primitive (a
 * nested bean is a struct column of its own properties, lists and arrays are arrays, maps are maps);
 * read back by name (case-insensitively, as Spark's default resolution) through the public no-argument constructor
 * and the setters. Only the class is serialized; the properties are found again where it is used.
 */
public final class BeanEncoder<T> implements Encoder<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> beanClass;
    private transient List<BeanProperty> properties;

    public BeanEncoder(Class<T> beanClass) {
        this.beanClass = beanClass;
        this.properties = BeanProperty.of(beanClass);
    }

    private List<BeanProperty> properties() {
        if (properties == null) {
            properties = BeanProperty.of(beanClass);
        }
        return properties;
    }

    @Override
    public StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (BeanProperty p : properties()) {
            fields.add(new StructField(p.name(), p.type(), p.nullable()));
        }
        return new StructType(fields);
    }

    @Override
    public Class<T> clsTag() {
        return beanClass;
    }

    /** The properties' names, in schema order. */
    public List<String> fieldNames() {
        return properties().stream().map(BeanProperty::name).toList();
    }

    @Override
    public Function<Row, T> reader(StructType input) {
        List<BeanProperty> props = properties();
        int[] ordinals = new int[props.size()];
        for (int i = 0; i < ordinals.length; i++) {
            BeanProperty p = props.get(i);
            ordinals[i] = ordinal(input, p.name());
            if (ordinals[i] < 0) {
                throw EncoderErrors.missingField(p.name(), input);
            }
            DataType from = input.get(ordinals[i]).dataType();
            if (p.type() instanceof StructType && from instanceof StructType nested) {
                new BeanEncoder<>(p.getter().getReturnType()).reader(nested);   // a nested bean, read by name
            } else {
                UpCast.check(input.get(ordinals[i]).name(), from, p.type(), path(p));
            }
        }
        Constructor<T> constructor = constructor();
        return row -> read(row, input, props, ordinals, constructor);
    }

    private T read(Row row, StructType input, List<BeanProperty> props, int[] ordinals, Constructor<T> constructor) {
        try {
            T bean = constructor.newInstance();
            for (int i = 0; i < ordinals.length; i++) {
                BeanProperty p = props.get(i);
                if (p.setter() == null) {
                    continue;
                }
                Object value = JavaTypes.fromRowValue(row.get(ordinals[i]), input.get(ordinals[i]).dataType(),
                        p.type(), p.getter().getGenericReturnType());
                if (value == null && !p.nullable()) {
                    throw EncoderErrors.nullForPrimitive(path(p));
                }
                p.setter().invoke(bean, value);
            }
            return bean;
        } catch (InvocationTargetException e) {
            throw UpdraftException.user("Encoders.bean(" + beanClass.getName() + ") failed: " + e.getCause(),
                    e.getCause());
        } catch (ReflectiveOperationException e) {
            throw UpdraftException.user("cannot create " + beanClass.getName() + ": " + e.getMessage(), e);
        }
    }

    private Constructor<T> constructor() {
        try {
            return beanClass.getConstructor();
        } catch (NoSuchMethodException e) {
            throw UpdraftException.user("Encoders.bean(" + beanClass.getName() + ") needs a public constructor"
                    + " without arguments");
        }
    }

    @Override
    public Row toRow(T value) {
        List<BeanProperty> props = properties();
        Object[] values = new Object[props.size()];
        for (int i = 0; i < values.length; i++) {
            BeanProperty p = props.get(i);
            values[i] = JavaTypes.toRowValue(p.read(value), p.type());
        }
        return Row.withSchema(schema(), values);
    }

    private List<String> path(BeanProperty p) {
        return List.of("- field (class: \"" + p.getter().getReturnType().getName() + "\", name: \"" + p.name()
                + "\")", "- root class: \"" + beanClass.getName() + "\"");
    }

    /** The column named {@code name}: an exact match first, else the one equal ignoring case; -1 if none. */
    public static int ordinal(StructType input, String name) {
        int loose = -1;
        for (int i = 0; i < input.size(); i++) {
            String n = input.get(i).name();
            if (n.equals(name)) {
                return i;
            }
            if (loose < 0 && n.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                loose = i;
            }
        }
        return loose;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BeanEncoder<?> b && b.beanClass == beanClass;
    }

    @Override
    public int hashCode() {
        return beanClass.hashCode();
    }

    @Override
    public String toString() {
        return "BeanEncoder(" + beanClass.getName() + ")";
    }
}
