package io.updraft.core.encoder;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One readable property of a Java bean, as {@code java.beans.Introspector} finds it and Spark's
 * {@code JavaTypeInference} uses it: a public getter {@code getX()} (or {@code isX()} for a {@code boolean}), an
 * optional setter {@code setX(value)}; the name decapitalized as the Introspector does. A property whose type is
 * itself a bean is a struct column of that bean's properties (also inside lists, arrays and maps); a bean that
 * reaches itself is refused, as Spark refuses it. Immutable.
 */
record BeanProperty(String name, Method getter, Method setter, DataType type, boolean nullable) {
    private static final ClassValue<List<BeanProperty>> PROPERTIES = new ClassValue<>() {
        @Override
        protected List<BeanProperty> computeValue(Class<?> beanClass) {
            return properties(beanClass, Set.of());
        }
    };

    /** The bean's readable properties sorted by name, as Spark's schema of {@code Encoders.bean(beanClass)}. */
    static List<BeanProperty> of(Class<?> beanClass) {
        return PROPERTIES.get(beanClass);
    }

    /** The struct type of a nested bean inside the beans {@code enclosing}. */
    static StructType struct(Class<?> beanClass, Set<Class<?>> enclosing) {
        List<StructField> fields = new ArrayList<>();
        for (BeanProperty p : properties(beanClass, enclosing)) {
            fields.add(new StructField(p.name(), p.type(), p.nullable()));
        }
        return new StructType(fields);
    }

    /** The row of a nested bean's value in the layout of {@code struct} (its properties by name). */
    static Row row(Object bean, StructType struct) {
        List<BeanProperty> props = of(bean.getClass());
        Object[] values = new Object[struct.size()];
        for (int i = 0; i < values.length; i++) {
            String name = struct.get(i).name();
            BeanProperty p = props.stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException(bean.getClass().getName() + " has no property " + name));
            values[i] = JavaTypes.toRowValue(p.read(bean), struct.get(i).dataType());
        }
        return Row.withSchema(struct, values);
    }

    /** The getter's value on {@code bean}. */
    Object read(Object bean) {
        try {
            return getter.invoke(bean);
        } catch (InvocationTargetException e) {
            throw UpdraftException.user("a getter of " + bean.getClass().getName() + " failed: " + e.getCause(),
                    e.getCause());
        } catch (IllegalAccessException e) {
            throw UpdraftException.user("cannot read " + bean.getClass().getName() + ": " + e.getMessage(), e);
        }
    }

    /** The readable properties' getters by name (an {@code isX} wins over a {@code getX}). */
    static TreeMap<String, Method> getters(Class<?> beanClass) {
        TreeMap<String, Method> getters = new TreeMap<>();
        for (Method m : beanClass.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0 || m.getDeclaringClass() == Object.class) {
                continue;
            }
            String n = m.getName();
            String property = null;
            if (n.startsWith("get") && n.length() > 3 && m.getReturnType() != void.class) {
                property = decapitalize(n.substring(3));
            } else if (n.startsWith("is") && n.length() > 2 && m.getReturnType() == boolean.class) {
                property = decapitalize(n.substring(2));
            }
            if (property != null && !property.equals("class") && !property.equals("declaringClass")) {
                getters.merge(property, m, (a, b) -> a.getName().startsWith("is") ? a : b);
            }
        }
        return getters;
    }

    private static List<BeanProperty> properties(Class<?> beanClass, Set<Class<?>> enclosing) {
        if (enclosing.contains(beanClass)) {
            throw new UnsupportedOperationException(UpdraftException.compose("CIRCULAR_CLASS_REFERENCE", null,
                    "Cannot have circular references in class, but got the circular reference of class "
                            + beanClass.getName() + "."));
        }
        Set<Class<?>> inside = new HashSet<>(enclosing);
        inside.add(beanClass);
        List<BeanProperty> properties = new ArrayList<>();
        for (Map.Entry<String, Method> e : getters(beanClass).entrySet()) {
            Method getter = e.getValue();
            Type type = getter.getGenericReturnType();
            DataType sqlType = JavaTypes.sqlType(type, inside);
            if (sqlType == null) {
                throw new UnsupportedOperationException("Encoders.bean(" + beanClass.getName() + "): property "
                        + e.getKey() + " of type " + type.getTypeName() + " is not supported");
            }
            properties.add(new BeanProperty(e.getKey(), getter, setter(beanClass, e.getKey(), getter.getReturnType()),
                    sqlType, JavaTypes.nullable(type)));
        }
        return List.copyOf(properties);
    }

    private static Method setter(Class<?> beanClass, String property, Class<?> type) {
        String name = "set" + (property.length() > 1 && Character.isUpperCase(property.charAt(1)) ? property
                : property.substring(0, 1).toUpperCase(Locale.ROOT) + property.substring(1));
        try {
            return beanClass.getMethod(name, type);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** {@code java.beans.Introspector.decapitalize}: "Name" → "name", "URL" stays "URL". */
    static String decapitalize(String name) {
        if (name.length() > 1 && Character.isUpperCase(name.charAt(1)) && Character.isUpperCase(name.charAt(0))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
