package explorer

// commonLines marks the lines of b that a longest common subsequence of a
// and b keeps (the rest are what a pass added or changed), after trimming
// the common prefix and suffix, which is most of it between passes. The
// dynamic program is quadratic in what remains; past a bound the lines are
// matched as a multiset instead, which marks no kept line changed and
// misses only moved lines.
func commonLines(a, b []int) []bool {
	kept := make([]bool, len(b))
	lo := 0
	for lo < len(a) && lo < len(b) && a[lo] == b[lo] {
		kept[lo] = true
		lo++
	}
	ha, hb := len(a), len(b)
	for ha > lo && hb > lo && a[ha-1] == b[hb-1] {
		ha--
		hb--
		kept[hb] = true
	}
	a, mid := a[lo:ha], b[lo:hb]
	if len(a) == 0 || len(mid) == 0 {
		return kept
	}
	if len(a)*len(mid) > 1<<22 {
		count := map[int]int{}
		for _, x := range a {
			count[x]++
		}
		for j, x := range mid {
			if count[x] > 0 {
				count[x]--
				kept[lo+j] = true
			}
		}
		return kept
	}
	// lcs[i][j] is the LCS length of a[i:] and mid[j:].
	n, m := len(a), len(mid)
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			v := max(at(i+1, j), at(i, j+1))
			if a[i] == mid[j] {
				v = at(i+1, j+1) + 1
			}
			lcs[i*(m+1)+j] = v
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == mid[j]:
			kept[lo+j] = true
			i++
			j++
		case at(i+1, j) >= at(i, j+1):
			i++
		default:
			j++
		}
	}
	return kept
}
