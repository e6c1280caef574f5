package conformance

import (
	"reflect"
	"unsafe"
)

// deepCopy returns a copy of v that shares no memory with it, unexported fields
// included, so that a snapshot of a state cannot be changed through the state.
func deepCopy(v any) any {
	if v == nil {
		return nil
	}
	src := reflect.ValueOf(v)
	dst := reflect.New(src.Type()).Elem()
	copyValue(dst, src, map[uintptr]reflect.Value{})
	return dst.Interface()
}

// settable makes a field reached through unexported fields writable.
func settable(v reflect.Value) reflect.Value {
	if v.CanSet() || !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

func readable(v reflect.Value) reflect.Value {
	if v.CanInterface() || !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

func copyValue(dst, src reflect.Value, seen map[uintptr]reflect.Value) {
	dst = settable(dst)
	src = readable(src)
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		if p, ok := seen[src.Pointer()]; ok {
			dst.Set(p)
			return
		}
		p := reflect.New(src.Type().Elem())
		seen[src.Pointer()] = p
		copyValue(p.Elem(), src.Elem(), seen)
		dst.Set(p)
	case reflect.Struct:
		for i := 0; i < src.NumField(); i++ {
			copyValue(dst.Field(i), src.Field(i), seen)
		}
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			copyValue(dst.Index(i), src.Index(i), seen)
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Cap())
		for i := 0; i < src.Len(); i++ {
			copyValue(s.Index(i), src.Index(i), seen)
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		iter := src.MapRange()
		for iter.Next() {
			k := reflect.New(src.Type().Key()).Elem()
			copyValue(k, iter.Key(), seen)
			e := reflect.New(src.Type().Elem()).Elem()
			copyValue(e, iter.Value(), seen)
			m.SetMapIndex(k, e)
		}
		dst.Set(m)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		e := reflect.New(src.Elem().Type()).Elem()
		copyValue(e, src.Elem(), seen)
		dst.Set(e)
	default:
		dst.Set(src)
	}
}
