package org.example.jobs;

/** A class only the driver has (UserCodeTest hides it from the class loader that plays the worker). */
public final class DriverOnly {
}
