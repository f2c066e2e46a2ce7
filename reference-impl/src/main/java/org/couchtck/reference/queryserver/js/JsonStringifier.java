package org.couchtck.reference.queryserver.js;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.json.JsonText;
import org.mozilla.javascript.Callable;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.NativeArray;
import org.mozilla.javascript.NativeObject;
import org.mozilla.javascript.NativeSymbol;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.SymbolKey;
import org.mozilla.javascript.Undefined;
import org.mozilla.javascript.Wrapper;
import org.mozilla.javascript.xml.XMLObject;

/**
 * {@code JSON.stringify(value)} (no replacer, no indent) with the result Rhino's own gives, for
 * every reply the engine writes. Rhino builds each array and object as a list of member strings
 * joined afterwards; this writes into one buffer. Everything a script can observe happens as in
 * Rhino and in the same order: property reads (getters run), the {@code toJSON} lookups and calls,
 * and the TypeErrors for cycles and BigInts.
 */
final class JsonStringifier {

  private final Context cx;
  private final Scriptable scope;
  private final Scriptable arrayPrototype;
  private final StringBuilder out = new StringBuilder(128);
  // The objects being written, outermost first: meeting one again is a cycle.
  private final List<Object> stack = new ArrayList<>();

  private JsonStringifier(Context cx, Scriptable scope, Scriptable arrayPrototype) {
    this.cx = cx;
    this.scope = scope;
    this.arrayPrototype = arrayPrototype;
  }

  /**
   * The JSON text of {@code value}, or {@link Undefined#instance} where JSON.stringify returns
   * undefined (undefined, a function or a symbol at the top).
   *
   * <p>A Java {@code Object[]} stands for an array of the realm that no script holds (the rows a
   * map function emitted, the reply around them): it is written as that array would be, and made
   * one only if a {@code toJSON} it would inherit has to be called on it.
   *
   * @param scope the realm's global
   * @param arrayPrototype the realm's {@code Array.prototype}
   * @throws org.mozilla.javascript.RhinoException what JSON.stringify throws
   */
  static Object stringify(Context cx, Scriptable scope, Scriptable arrayPrototype, Object value) {
    JsonStringifier writer = new JsonStringifier(cx, scope, arrayPrototype);
    return writer.write("", value) ? writer.out.toString() : Undefined.instance;
  }

  // Writes the value of a member whose value has been read; false when it has none in JSON
  // (undefined, functions, symbols), with nothing written.
  private boolean write(Object key, Object value) {
    if (value instanceof Object[] elements) {
      // Nothing but its prototype chain can give an array no script holds a toJSON.
      if (!ScriptableObject.hasProperty(arrayPrototype, "toJSON")) {
        writeElements(elements);
        return true;
      }
      value = realmArray(elements);
    }
    value = applyToJson(key, value);
    if (value instanceof SymbolKey
        || value instanceof NativeSymbol symbol && symbol.isSymbol()) {
      return false;
    }
    value = unwrapPrimitive(value);
    if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean b) {
      out.append(b.booleanValue());
    } else if (value instanceof CharSequence text) {
      quote(text.toString());
    } else if (value instanceof Number number) {
      writeNumber(number);
    } else if (value instanceof Scriptable object && !(value instanceof Callable)) {
      if (object instanceof Wrapper) {
        // The sandbox's class shutter hides every Java class, so scripts never hold one.
        throw new IllegalStateException("a Java object reached JSON.stringify: " + object);
      }
      if (object instanceof NativeArray array) {
        writeArray(array);
      } else {
        writeObject(object);
      }
    } else {
      return false;
    }
    return true;
  }

  private Object applyToJson(Object key, Object value) {
    Scriptable holder;
    if (value instanceof Scriptable object) {
      holder = object;
    } else if (value instanceof BigInteger) {
      holder = ScriptRuntime.toObject(cx, scope, value);
    } else {
      return value;
    }
    if (ScriptableObject.hasProperty(holder, "toJSON")
        && ScriptableObject.getProperty(holder, "toJSON") instanceof Callable) {
      return ScriptableObject.callMethod(cx, holder, "toJSON", new Object[] {key.toString()});
    }
    return value;
  }

  // Boxed primitives stand for their value. Rhino's Number, String, Boolean and BigInt wrappers
  // are not public classes; their class names identify them (no other class of Rhino has these).
  private Object unwrapPrimitive(Object value) {
    if (!(value instanceof ScriptableObject object)
        || object instanceof NativeArray
        || object.getClass() == NativeObject.class) {
      return value; // most values: no class name to look at
    }
    switch (object.getClassName()) {
      case "Number":
        return ScriptRuntime.toNumber(object);
      case "String":
        return ScriptRuntime.toString(object);
      case "Boolean":
        return object.getDefaultValue(ScriptRuntime.BooleanClass);
      case "BigInt":
        return cx.getLanguageVersion() >= Context.VERSION_ES6
            ? object.getDefaultValue(ScriptRuntime.BigIntegerClass)
            : object;
      default:
        return object instanceof XMLObject ? object.toString() : object;
    }
  }

  private void writeNumber(Number number) {
    if (number instanceof BigInteger) {
      throw ScriptRuntime.typeErrorById("msg.json.cant.serialize", "BigInt");
    }
    double d = number.doubleValue();
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      out.append("null");
    } else if (d == (long) d && Math.abs(d) < 1e15) {
      out.append((long) d); // an integer: JavaScript writes its digits (and -0 as 0)
    } else if (!appendShortDecimal(d)) {
      out.append(ScriptRuntime.toString(number));
    }
  }

  private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6};

  // A number from 0.001 to 10^9, not an integer (those are written before), that some decimal of
  // at most 6 fraction digits reads back as is written as the decimal with the fewest:
  // JavaScript's shortest form. Below 10^9 a double's
  // spacing is under 10^-6, so at most one decimal of k fraction digits reads back as it, and
  // rounding its product by 10^k finds that one.
  private boolean appendShortDecimal(double d) {
    double magnitude = Math.abs(d);
    if (!(magnitude >= 1e-3 && magnitude < 1e9)) {
      return false;
    }
    for (int digits = 1; digits < POWERS_OF_TEN.length; digits++) {
      long scaled = Math.round(magnitude * POWERS_OF_TEN[digits]);
      if (scaled / POWERS_OF_TEN[digits] == magnitude) {
        long unit = (long) POWERS_OF_TEN[digits];
        String fraction = Long.toString(scaled % unit);
        out.append(d < 0 ? "-" : "").append(scaled / unit).append('.');
        out.append("000000", 0, digits - fraction.length()).append(fraction);
        return true;
      }
    }
    return false;
  }

  private void enter(Scriptable object) {
    for (Object open : stack) {
      if (open == object) {
        throw ScriptRuntime.typeErrorById("msg.cyclic.value", object.getClass().getName());
      }
    }
    stack.add(object);
  }

  private void writeArray(NativeArray array) {
    enter(array);
    out.append('[');
    long length = array.getLength();
    for (long index = 0; index < length; index++) {
      if (index > 0) {
        out.append(',');
      }
      Object key;
      Object element;
      if (index > Integer.MAX_VALUE) {
        key = Long.toString(index);
        element = ScriptableObject.getProperty(array, (String) key);
      } else {
        key = (int) index;
        element = ScriptableObject.getProperty(array, (int) index);
      }
      if (!write(key, element)) {
        out.append("null");
      }
    }
    out.append(']');
    stack.remove(stack.size() - 1);
  }

  private void writeElements(Object[] elements) {
    out.append('[');
    for (int index = 0; index < elements.length; index++) {
      if (index > 0) {
        out.append(',');
      }
      if (!write(index, elements[index])) {
        out.append("null");
      }
    }
    out.append(']');
  }

  // The array an Object[] stands for, made of the arrays its own Object[] elements stand for.
  private Scriptable realmArray(Object[] elements) {
    Object[] values = elements.clone();
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof Object[] inner) {
        values[i] = realmArray(inner);
      }
    }
    return JsValues.newArray(scope, arrayPrototype, values);
  }

  private void writeObject(Scriptable object) {
    enter(object);
    out.append('{');
    boolean first = true;
    for (Object id : object.getIds()) {
      Object member =
          id instanceof String name
              ? ScriptableObject.getProperty(object, name)
              : ScriptableObject.getProperty(object, ((Number) id).intValue());
      int memberStart = out.length();
      if (!first) {
        out.append(',');
      }
      quote(id.toString());
      out.append(':');
      if (write(id, member)) {
        first = false;
      } else {
        out.setLength(memberStart);
      }
    }
    out.append('}');
    stack.remove(stack.size() - 1);
  }

  private void quote(String text) {
    JsonText.appendQuoted(out, text);
  }
}
