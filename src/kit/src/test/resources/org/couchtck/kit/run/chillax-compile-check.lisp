;;;; Compile check of the common-lisp function pack, run by ChillaxConformanceTest as
;;;;   sbcl --script chillax-compile-check.lisp CHILLAX-DIR PACK-FILE
;;;; It loads chillax's view server (the ASDF system chillax.view-server in CHILLAX-DIR, with Debian's yason
;;;; and alexandria), declares the helpers the pack's conventions name beyond what chillax exports, and then
;;;; reads and compiles every source of PACK-FILE as chillax does: READ-FROM-STRING in CHILLAX-SERVER-USER,
;;;; then (COMPILE NIL form). It prints one line per function:
;;;;   OK <id>                a lambda expression that compiled without any warning
;;;;   BROKEN <id> <why>      unreadable, text after the form, not a function, or a failed compilation
;;;;   WARNED <id> <what>     compiled, but with warnings (chillax logs a line for those)
;;;; and DONE <count> at the end.

(require :asdf)
(defun argument (n)
  (or (nth n sb-ext:*posix-argv*) (error "usage: sbcl --script chillax-compile-check.lisp CHILLAX-DIR PACK-FILE")))
(push (uiop:ensure-directory-pathname (argument 1)) asdf:*central-registry*)
(let ((*error-output* (make-broadcast-stream))
      (*standard-output* (make-broadcast-stream)))
  (asdf:load-system :chillax.view-server))

(in-package :chillax-server)

;;; What the pack's conventions name beyond chillax's exports, declared so that sources using them compile.
(define-condition couch-error (error)
  ((id :initarg :id :reader couch-error-id)
   (reason :initarg :reason :reader couch-error-reason))
  (:report (lambda (c s) (format s "~A: ~A" (couch-error-id c) (couch-error-reason c)))))
(define-condition couch-fatal (couch-error) ())
(define-condition unauthorized (validation-failure) ()
  (:report (lambda (c s) (format s "Unauthorized: ~A" (failure-message c)))))
(defgeneric start (response))
(defgeneric send (chunk))
(defgeneric get-row ())
(defgeneric provides (key function))
(defgeneric register-type (key &rest mime-types))
(defgeneric index (&rest arguments))
(defgeneric require-module (path))
(export '(couch-error couch-fatal unauthorized start send get-row provides register-type index require-module))

(defun one-line (thing)
  (substitute-if #\Space (lambda (c) (member c '(#\Newline #\Return #\Tab))) (princ-to-string thing)))

(defun check (source)
  "Returns :ok, :broken or :warned, and a text."
  (let (form end warnings)
    (handler-case (let ((*package* *user-package*))
                    (multiple-value-setq (form end) (read-from-string source)))
      (error (e) (return-from check (values :broken (format nil "does not read: ~A" (one-line e))))))
    (when (find-if-not (lambda (c) (member c '(#\Space #\Newline #\Return #\Tab))) source :start end)
      (return-from check (values :broken "text after the form")))
    (unless (and (consp form) (eq (first form) 'lambda))
      (return-from check (values :broken (format nil "not a lambda expression: ~A" (one-line form)))))
    (multiple-value-bind (function warningsp failurep)
        (handler-bind ((warning (lambda (w)
                                  (push (one-line w) warnings)
                                  (muffle-warning w))))
          (handler-case (with-compilation-unit (:override t)
                          (let ((*package* *user-package*))
                            (compile nil form)))
            (error (e) (return-from check (values :broken (format nil "compile error: ~A" (one-line e)))))))
      (declare (ignore warningsp))
      (cond ((or failurep (not (functionp function)))
             (values :broken (format nil "compilation failed: ~{~A~^; ~}" (reverse warnings))))
            (warnings (values :warned (format nil "~{~A~^; ~}" (reverse warnings))))
            (t (values :ok ""))))))

(let* ((pack (with-open-file (in (cl-user::argument 2) :external-format :utf-8)
               (yason:parse in)))
       (functions (gethash "functions" pack))
       (count 0))
  (maphash (lambda (id source)
             (multiple-value-bind (verdict text) (check source)
               (format t "~A ~A~@[ ~A~]~%" (symbol-name verdict) id (and (plusp (length text)) text))
               (incf count)))
           functions)
  (format t "DONE ~D~%" count)
  (finish-output))
