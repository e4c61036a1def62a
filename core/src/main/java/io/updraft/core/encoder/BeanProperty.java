package io.updraft.core.encoder;

import io.updraft.sql.types.DataType;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * One readable property of a Java bean, as {@code java.beans.Introspector} finds it and Spark's
 * {@code JavaTypeInference} uses it: a public getter {@code getX()} (or {@code isX()} for a {@code boolean}), an
 * optional setter {@code setX(value)}; the name decapitalized as the Introspector does. Immutable.
 */
record BeanProperty(String name, Method getter, Method setter, DataType type, boolean nullable) {

    /** The bean's readable properties sorted by name, as Spark's schema of {@code Encoders.bean(beanClass)}. */
    static List<BeanProperty> of(Class<?> beanClass) {
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
        List<BeanProperty> properties = new ArrayList<>();
        for (var e : getters.entrySet()) {
            Method getter = e.getValue();
            Type type = getter.getGenericReturnType();
            DataType sqlType = JavaTypes.sqlType(type);
            if (sqlType == null) {
                throw new UnsupportedOperationException("Encoders.bean(" + beanClass.getName() + "): property "
                        + e.getKey() + " of type " + type.getTypeName() + " is not supported yet (nested beans need"
                        + " struct columns; byte, short, float and byte[] need their types)");
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
