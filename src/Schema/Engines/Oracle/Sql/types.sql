-- DS3_TYPES: the REF CURSOR and associative-array types of DS3's Oracle procedure interface (docs/ds3-compatibility.md, "How DS3's drivers call the store").
-- PURCHASE takes its cart as two N_TYPE arrays (product ids, quantities), bound by the client as PL/SQL associative arrays.
CREATE OR REPLACE PACKAGE DS3_TYPES AS
    TYPE DS3_CURSOR IS REF CURSOR;
    TYPE ARRAY_TYPE IS TABLE OF VARCHAR2(50) INDEX BY BINARY_INTEGER;
    TYPE LONG_ARRAY_TYPE IS TABLE OF VARCHAR2(1000) INDEX BY BINARY_INTEGER;
    TYPE N_TYPE IS TABLE OF NUMBER INDEX BY BINARY_INTEGER;
END DS3_TYPES;
/
