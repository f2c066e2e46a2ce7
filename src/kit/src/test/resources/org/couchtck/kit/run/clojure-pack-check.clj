;; Reads and compiles every source of the clojure function pack with Clojure itself, as clutch's view server
;; would (load-string), for ClutchConformanceTest. One JVM checks them all.
;;
;; Argument: a manifest file (UTF-8), one line per source: expectation TAB kind TAB id TAB path of the source.
;;   function        evaluates to a function
;;   not-a-function  evaluates, without error, to something that is not a function
;;   syntax-error    does not read (a reader error)
;;   module          reads, and compiles as the body of a library module
;; Map, reduce, filter and update sources are evaluated in a namespace like clutch's (clojure.core referred,
;; nothing else; cheshire.core loaded); the kinds clutch lacks in one that also defines the functions the pack's
;; conventions give them (start, send, get-row, provides, register-type, module, require-module).
;; Prints one line per source, "ok<TAB>id" or "bad<TAB>id<TAB>why", then "checked<TAB>N".

(require 'cheshire.core)

(def clutch-like (create-ns 'couchtck.check.clutch))
(binding [*ns* clutch-like] (refer-clojure))

(def with-helpers (create-ns 'couchtck.check.helpers))
(binding [*ns* with-helpers]
  (refer-clojure :exclude '[send])
  (eval '(do (defn start [response] nil)
             (defn send [chunk] nil)
             (defn get-row [] nil)
             (defn provides [type-key f] nil)
             (defn register-type [type-key & mime-types] nil)
             (def module {:id "views/lib/check"})
             (defn require-module [path] {}))))

(def clutch-kinds #{"map" "reduce" "filter" "update"})

(defn one-line [^Throwable e]
  (-> (str (.getName (class e)) ": " (.getMessage e)
           (when-let [cause (.getCause e)] (str " (" (.getName (class cause)) ": " (.getMessage cause) ")")))
      (clojure.string/replace #"\s+" " ")))

(defn read-all [source]
  (let [reader (clojure.lang.LineNumberingPushbackReader. (java.io.StringReader. source))]
    (loop [forms []]
      (let [form (read {:eof ::eof} reader)]
        (if (= form ::eof) forms (recur (conj forms form)))))))

(defn evaluate [kind source]
  (binding [*ns* (if (clutch-kinds kind) clutch-like with-helpers)]
    (load-string source)))

(defn check [expectation kind source]
  (case expectation
    "syntax-error" (when-not (try (read-all source) false (catch Exception _ true))
                     "it reads without error, but it should be a syntax error")
    "function" (let [value (evaluate kind source)]
                 (when-not (fn? value) (str "it evaluates to " (pr-str value) ", not to a function")))
    "not-a-function" (let [value (evaluate kind source)]
                       (when (fn? value) "it evaluates to a function, but it should not"))
    "module" (do (read-all source)
                 (evaluate kind (str "(fn []\n" source "\n)"))
                 nil)
    (str "unknown expectation " expectation)))

(let [lines (remove clojure.string/blank?
                    (clojure.string/split-lines (slurp (first *command-line-args*) :encoding "UTF-8")))]
  (doseq [line lines]
    (let [[expectation kind id path] (clojure.string/split line #"\t")
          why (try (check expectation kind (slurp path :encoding "UTF-8"))
                   (catch Throwable e (one-line e)))]
      (println (if why (str "bad\t" id "\t" why) (str "ok\t" id)))))
  (println (str "checked\t" (count lines)))
  (flush))
