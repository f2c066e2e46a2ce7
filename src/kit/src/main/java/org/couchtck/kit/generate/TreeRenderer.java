package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Walks a map function's tree once for every language: subclasses say how each kind of node is written, this class
 * visits the nodes and hands each one its parts already written.
 */
abstract class TreeRenderer implements FunctionRenderer {

    /** The source of {@code expr}. */
    final String expr(MapFunction.Expr expr) {
        if (expr instanceof MapFunction.Field field) {
            return field(field.name());
        }
        if (expr instanceof MapFunction.Constant constant) {
            return constant(constant.value());
        }
        if (expr instanceof MapFunction.ArrayOf array) {
            return array(array.items().stream().map(this::expr).toList());
        }
        if (expr instanceof MapFunction.ObjectOf object) {
            return object(object.members().stream().map(m -> Map.entry(m.key(), expr(m.value()))).toList());
        }
        if (expr instanceof MapFunction.Library library) {
            return library(library.module());
        }
        return nonJson(((MapFunction.NonJson) expr).kind());
    }

    /** The source of {@code condition}. */
    final String condition(MapFunction.Condition condition) {
        if (condition instanceof MapFunction.Has has) {
            return has(has.field());
        }
        if (condition instanceof MapFunction.IsNumber number) {
            return isNumber(number.field());
        }
        if (condition instanceof MapFunction.IsString string) {
            return isString(string.field());
        }
        return not(condition(((MapFunction.Not) condition).condition()));
    }

    /** The document's field {@code name}. */
    abstract String field(String name);

    /** A JSON constant. */
    abstract String constant(JsonNode value);

    /** An array of the written items. */
    abstract String array(List<String> items);

    /** An object of the written members, keys as the tree gives them, in order. */
    abstract String object(List<Map.Entry<String, String>> members);

    /** The value a library module exports. */
    abstract String library(String module);

    /** A value JSON cannot express. */
    abstract String nonJson(MapFunction.NonJson.Kind kind);

    /** Whether the document has the field. */
    abstract String has(String name);

    /** Whether the field is a number. */
    abstract String isNumber(String name);

    /** Whether the field is a string. */
    abstract String isString(String name);

    /** The opposite of the written condition. */
    abstract String not(String condition);
}
